import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PEER_LOGIN, PEER_PASSWORD } from './dataforseo-peer';
import { closeServer, readBody } from './peer-http';

export { PEER_LOGIN, PEER_PASSWORD };

/** How the peer answers one request. */
export type DataForSeoLabsBehaviour =
  | 'ok'
  /** HTTP 200, task-level 40102 "No Search Results." (the domain ranks for nothing known). */
  | 'noResults'
  /** HTTP 200, request-level 40200 "Payment Required." (no funds on the account). */
  | 'status40200'
  /** HTTP 200, task-level 40501 "Invalid Field" (our request's fault). */
  | 'task40501'
  /** HTTP 200, task-level 50000 "Internal Error." */
  | 'task50000'
  | 'http429'
  | 'http500';

export interface DataForSeoLabsPeerRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface RunningDataForSeoLabsPeer {
  base: string;
  requests: DataForSeoLabsPeerRequest[];
  mode: DataForSeoLabsBehaviour;
  reset(): void;
  close(): Promise<void>;
}

function organic(
  target: string,
  keyword: string,
  path: string,
  rankGroup: number,
  rankAbsolute: number,
  changes: { previous_rank_absolute: number | null; is_new: boolean } | null,
) {
  return {
    se_type: 'google',
    keyword_data: {
      se_type: 'google',
      keyword,
      location_code: 2840,
      language_code: 'en',
      keyword_info: { search_volume: 880, cpc: 12.4, competition: 0.4 },
    },
    ranked_serp_element: {
      se_type: 'google',
      serp_item: {
        se_type: 'google',
        type: 'organic',
        rank_group: rankGroup,
        rank_absolute: rankAbsolute,
        position: 'left',
        domain: target,
        title: `${keyword} | ${target}`,
        url: `https://${target}${path}`,
        relative_url: path,
        rank_changes: changes,
      },
      check_url: `https://www.google.com/search?q=${encodeURIComponent(keyword)}`,
      serp_item_types: ['organic', 'people_also_ask'],
      se_results_count: 1_250_000,
      last_updated_time: '2026-11-20 07:12:31 +00:00',
      previous_updated_time: '2026-11-13 06:58:02 +00:00',
    },
  };
}

/**
 * The ranked keywords of any target: the home page 1st for "law firm near me"; the family
 * law page 3rd for "divorce lawyer austin" (7th by absolute rank a crawl before, and again
 * 14th from a second page, in other letter case); the custody page new at 12th; one
 * keyword nobody tracks; and a partial item, which a reader must skip.
 */
function rankedItems(target: string) {
  return [
    organic(target, 'law firm near me', '/', 1, 1, null),
    organic(target, 'divorce lawyer austin', '/family-law', 3, 5, {
      previous_rank_absolute: 9,
      is_new: false,
    }),
    organic(target, 'Divorce Lawyer Austin', '/blog/divorce-faq', 14, 17, {
      previous_rank_absolute: 16,
      is_new: false,
    }),
    organic(target, 'custody attorney', '/family-law/custody', 12, 15, {
      previous_rank_absolute: null,
      is_new: true,
    }),
    organic(target, 'free legal advice', '/resources', 41, 47, null),
    { se_type: 'google', keyword_data: { keyword: 'broken item' }, ranked_serp_element: null },
  ];
}

function envelope(
  status: number,
  message: string,
  task: { status: number; message: string; result: unknown } | null,
) {
  return {
    version: '0.1.20261101',
    status_code: status,
    status_message: message,
    time: '0.8 sec.',
    cost: task?.status === 20000 ? 0.0101 : 0,
    tasks_count: task ? 1 : 0,
    tasks_error: task && task.status !== 20000 ? 1 : 0,
    tasks: task
      ? [
          {
            id: '11251000-0000-0000-0000-000000000000',
            status_code: task.status,
            status_message: task.message,
            time: '0.7 sec.',
            cost: task.status === 20000 ? 0.0101 : 0,
            result_count: task.result ? 1 : 0,
            path: ['v3', 'dataforseo_labs', 'google', 'ranked_keywords', 'live'],
            data: {},
            result: task.result,
          },
        ]
      : null,
  };
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A local stand-in for DataForSEO Labs' `POST /v3/dataforseo_labs/google/ranked_keywords/live`:
 * HTTP basic auth as the API checks it, the documented envelope (request- and task-level
 * status codes) and items (`keyword_data`, `ranked_serp_element.serp_item`), and failures
 * on demand.
 */
export async function startDataForSeoLabsPeer(): Promise<RunningDataForSeoLabsPeer> {
  const expected = `Basic ${Buffer.from(`${PEER_LOGIN}:${PEER_PASSWORD}`).toString('base64')}`;
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    peer.requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
    });
    if (req.headers.authorization !== expected) {
      return send(res, 401, {
        status_code: 40100,
        status_message:
          'You are not authorized to access this resource. See your login details here: https://app.dataforseo.com/api-access',
        tasks: null,
      });
    }
    if (req.method !== 'POST' || req.url !== '/v3/dataforseo_labs/google/ranked_keywords/live') {
      return send(res, 404, { status_code: 40400, status_message: 'Not Found.', tasks: null });
    }
    const task = Array.isArray(body) ? (body[0] as { target?: string }) : null;
    switch (peer.mode) {
      case 'http500':
        return send(res, 500, {
          status_code: 50000,
          status_message: 'Internal Server Error.',
          tasks: null,
        });
      case 'http429':
        res.setHeader('retry-after', '30');
        return send(res, 429, {
          status_code: 40202,
          status_message: 'Rate-limit per minute exceeded.',
          tasks: null,
        });
      case 'status40200':
        return send(res, 200, envelope(40200, 'Payment Required.', null));
      case 'task40501':
        return send(
          res,
          200,
          envelope(20000, 'Ok.', {
            status: 40501,
            message: "Invalid Field: 'target'.",
            result: null,
          }),
        );
      case 'task50000':
        return send(
          res,
          200,
          envelope(20000, 'Ok.', { status: 50000, message: 'Internal Error.', result: null }),
        );
      case 'noResults':
        return send(
          res,
          200,
          envelope(20000, 'Ok.', { status: 40102, message: 'No Search Results.', result: null }),
        );
      default: {
        const target = task?.target ?? '';
        const items = rankedItems(target);
        return send(
          res,
          200,
          envelope(20000, 'Ok.', {
            status: 20000,
            message: 'Ok.',
            result: [
              {
                se_type: 'google',
                target,
                location_code: 2840,
                language_code: 'en',
                total_count: items.length,
                items_count: items.length,
                metrics: { organic: { pos_1: 1, pos_2_3: 1, pos_4_10: 0, pos_11_20: 2 } },
                items,
              },
            ],
          }),
        );
      }
    }
  });
  const peer: RunningDataForSeoLabsPeer = {
    base: '',
    requests: [],
    mode: 'ok',
    reset() {
      peer.requests.length = 0;
      peer.mode = 'ok';
    },
    close: () => closeServer(server),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
}
