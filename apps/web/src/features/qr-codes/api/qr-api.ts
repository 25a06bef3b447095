import {
  bstacAccountSchema,
  bstacQrCodeListSchema,
  type QrAnalyticsRequest,
  type QrCodeInput,
  type QrCodeUpdate,
  qrAnalyticsSchema,
  qrCodeListSchema,
  qrCodeSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const base = (productId: number) => `/api/uni/products/qrcodes/${productId}`;

/** The image of a code, fetched directly (binary, outside the JSON gateway). */
export function qrImageUrl(productId: number, codeId: number, format: 'png' | 'svg') {
  return `${base(productId)}/${codeId}/image/${format}`;
}

export function useQrCodes(productId: number, status: 'active' | 'archived', page: number) {
  return useQuery({
    queryKey: ['qr-codes', productId, 'list', status, page],
    queryFn: () =>
      apiRequest('GET', `${base(productId)}?status=${status}&page=${page}`, qrCodeListSchema),
    placeholderData: keepPreviousData,
  });
}

/** After any change: the lists and the analytics of the product are fetched again. */
function useInvalidate(productId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['qr-codes', productId] });
}

export function useCreateQrCode(productId: number) {
  const invalidate = useInvalidate(productId);
  return useMutation({
    mutationFn: (input: QrCodeInput) =>
      apiRequest('POST', base(productId), qrCodeSchema, { ...input }),
    onSuccess: invalidate,
  });
}

export function useUpdateQrCode(productId: number) {
  const invalidate = useInvalidate(productId);
  return useMutation({
    mutationFn: ({ id, ...input }: QrCodeUpdate & { id: number }) =>
      apiRequest('PUT', `${base(productId)}/${id}`, qrCodeSchema, { ...input }),
    onSuccess: invalidate,
  });
}

export function useQrCodeAction(productId: number) {
  const invalidate = useInvalidate(productId);
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'archive' | 'restore' | 'delete' }) =>
      apiRequest(
        'POST',
        `${base(productId)}/${id}/${action}`,
        action === 'delete' ? z.object({ deleted: z.literal(true) }) : qrCodeSchema,
      ),
    onSuccess: invalidate,
  });
}

export function useQrAnalytics(productId: number, request: QrAnalyticsRequest) {
  return useQuery({
    queryKey: ['qr-codes', productId, 'analytics', request],
    queryFn: () =>
      apiRequest('POST', `${base(productId)}/analytics`, qrAnalyticsSchema, { ...request }),
    placeholderData: keepPreviousData,
  });
}

/** The company's vendor-side (Uniqode) codes and the organisation's sync freshness. */
export function useVendorQrCodes(productId: number) {
  return useQuery({
    queryKey: ['qr-codes', productId, 'vendor'],
    queryFn: async () => {
      const [account, codes] = await Promise.all([
        apiRequest('GET', `/api/beaconstac/account/${productId}`, bstacAccountSchema),
        apiRequest('GET', `/api/beaconstac/qrcode/${productId}`, bstacQrCodeListSchema),
      ]);
      return { account, codes: codes.items };
    },
  });
}
