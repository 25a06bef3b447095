import { useQuery } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest } from '../lib/api-client';
import { fakeApi, reply, replyError } from './fake-api';
import { renderWithApp } from './render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const leadSchema = z.object({ id: z.number(), name: z.string() });

function LeadName({ id }: { id: number }) {
  const lead = useQuery({
    queryKey: ['lead', id],
    queryFn: () => apiRequest('GET', `/api/leads/${id}?view=full`, leadSchema),
  });
  if (lead.isError) return <p>Failed: {(lead.error as ApiError).status}</p>;
  return <p>{lead.data ? lead.data.name : 'Loading'}</p>;
}

describe('the fake gateway for component tests', () => {
  it('answers the inner request by method and path, with params, query and body', async () => {
    const api = fakeApi({
      'GET /api/leads/:id': ({ params, query }) => ({
        id: Number(params.id),
        name: `Lead ${params.id} (${query.get('view')})`,
      }),
      'POST /api/leads': ({ data }) => reply(201, { id: 9, name: String(data.name) }),
    });
    renderWithApp(<LeadName id={7} />);
    expect(await screen.findByText('Lead 7 (full)')).toBeTruthy();
    const created = await apiRequest('POST', '/api/leads', leadSchema, { name: 'Dana' });
    expect(created).toEqual({ id: 9, name: 'Dana' });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/leads/7',
      'POST /api/leads',
    ]);
    expect(api.calls[1]?.data).toEqual({ name: 'Dana' });
  });

  it('sends error envelopes, and a 501 naming a call that no route answers', async () => {
    const api = fakeApi({
      'GET /api/leads/:id': () => replyError(404, 'NOT_FOUND', 'No such lead'),
    });
    renderWithApp(<LeadName id={3} />);
    expect(await screen.findByText('Failed: 404')).toBeTruthy();
    const missing = await apiRequest('GET', '/api/other', leadSchema).catch((e) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).status).toBe(501);
    expect(api.unanswered).toEqual(['GET /api/other']);
  });
});
