import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './peer-http';

export const CPANEL_PEER_USER = 'harborroof';
export const CPANEL_PEER_TOKEN = 'CPANELTOKEN0123456789ABCDEF';

export interface CpanelPeerState {
  plan: string;
  domain: string;
  megabytesUsed: string;
  megabyteLimit: string;
  /** Month start (epoch seconds) → bytes. */
  bandwidth: Record<string, number>;
  certs: {
    'subject.commonName': string;
    'issuer.organizationName': string;
    not_after: number;
    domains: string[];
  }[];
}

export interface RunningCpanelPeer {
  base: string;
  state: CpanelPeerState;
  requests: { path: string; authorization: string | undefined; query: Record<string, string> }[];
  /** The next call answers HTTP `status`, or (0) UAPI's status 0 with an error message. */
  failNext(status: 0 | 401 | 503): void;
  close(): Promise<void>;
}

/** UAPI's envelope: `{ apiversion: 3, func, module, result: { data, errors, messages, metadata, status, warnings } }`. */
function uapi(module: string, func: string, data: unknown, errors: string[] | null = null) {
  return {
    apiversion: 3,
    func,
    module,
    result: { data, errors, messages: null, metadata: {}, status: errors ? 0 : 1, warnings: null },
  };
}

/**
 * A local cPanel UAPI (`/execute/{Module}/{function}`) in cPanel's documented shape, with
 * API-token auth (`Authorization: cpanel user:TOKEN`; a wrong token is HTTP 401 with an
 * HTML body, as cpsrvd answers).
 */
export async function startCpanelPeer(): Promise<RunningCpanelPeer> {
  const state: CpanelPeerState = {
    plan: 'Business_20GB',
    domain: 'harborroofing.example',
    megabytesUsed: '4210.55',
    megabyteLimit: '20480.00',
    bandwidth: {},
    certs: [],
  };
  const requests: RunningCpanelPeer['requests'] = [];
  const failures: (0 | 401 | 503)[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    requests.push({
      path: url.pathname,
      authorization: req.headers.authorization,
      query: Object.fromEntries(url.searchParams),
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const [, execute, module, func] = url.pathname.split('/');
    const failure = failures.shift();
    if (
      failure === 401 ||
      req.headers.authorization !== `cpanel ${CPANEL_PEER_USER}:${CPANEL_PEER_TOKEN}`
    ) {
      res.writeHead(401, { 'content-type': 'text/html' });
      res.end('<html><body>Access denied</body></html>');
      return;
    }
    if (failure === 503) {
      res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '1' });
      res.end('<html><body>Service Unavailable</body></html>');
      return;
    }
    if (execute !== 'execute' || !module || !func) {
      json(404, uapi(module ?? '', func ?? '', null, ['Unknown path']));
      return;
    }
    if (failure === 0) {
      json(200, uapi(module, func, null, ['The system is temporarily unable to answer.']));
      return;
    }
    switch (`${module}/${func}`) {
      case 'Variables/get_user_information':
        json(
          200,
          uapi(module, func, { plan: state.plan, domain: state.domain, user: CPANEL_PEER_USER }),
        );
        return;
      case 'Quota/get_quota_info':
        json(
          200,
          uapi(module, func, {
            megabytes_used: state.megabytesUsed,
            megabyte_limit: state.megabyteLimit,
            megabytes_remain: String(Number(state.megabyteLimit) - Number(state.megabytesUsed)),
            inodes_used: 30211,
            inode_limit: 0,
          }),
        );
        return;
      case 'Bandwidth/query': {
        const start = Number(url.searchParams.get('start') ?? 0);
        const end = Number(url.searchParams.get('end') ?? Number.MAX_SAFE_INTEGER);
        const data = Object.fromEntries(
          Object.entries(state.bandwidth).filter(
            ([epoch]) => Number(epoch) >= start && Number(epoch) <= end,
          ),
        );
        json(200, uapi(module, func, data));
        return;
      }
      case 'SSL/list_certs':
        json(200, uapi(module, func, state.certs));
        return;
      default:
        json(200, uapi(module, func, null, [`Failed to load module "${module}"`]));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    state,
    requests,
    failNext: (status) => failures.push(status),
    close: () => closeServer(server),
  };
}
