import {
  type SolicitationTemplatePreviewInput,
  solicitationTemplatePreviewSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { templatesKey, templatesPath } from '../../../lib/solicitation-api';

/**
 * `POST …/templates/preview`: the draft rendered as the customer gets it (the company's
 * name, a review link as long as a real one) with its SMS segment count. A read, so it is
 * a query keyed by the draft; nothing is saved.
 */
export function templatePreviewQuery(productId: number, draft: SolicitationTemplatePreviewInput) {
  return queryOptions({
    queryKey: [...templatesKey(productId), 'preview', draft],
    queryFn: () =>
      apiRequest('POST', `${templatesPath(productId)}/preview`, solicitationTemplatePreviewSchema, {
        ...draft,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The preview of a draft being typed: asked 300 ms after the last keystroke. */
export function useTemplatePreview(productId: number, draft: SolicitationTemplatePreviewInput) {
  const [settled, setSettled] = useState(draft);
  const key = JSON.stringify(draft);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key)), 300);
    return () => clearTimeout(timer);
  }, [key]);
  return useQuery(templatePreviewQuery(productId, settled));
}
