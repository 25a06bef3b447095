import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDevHost } from '@pinpoint/contracts';

/** On dev hosts only: the demo sign-ins, one click to fill the form. */
export function DemoAccounts({ onPick }: { onPick: (email: string, password: string) => void }) {
  if (!isDevHost(window.location.hostname)) return null;
  return (
    // Plain Bootstrap markup, as react-bootstrap's Card rendered it (one less module to load).
    <div className="mt-4 card">
      <div className="card-body">
        <h2 className="h6">Demo accounts</h2>
        <p className="small text-body-secondary mb-2">
          Development only. Password: <code>{DEMO_PASSWORD}</code>
        </p>
        <ul className="list-unstyled small mb-0">
          {DEMO_ACCOUNTS.map((account) => (
            <li key={account.email}>
              <button
                type="button"
                className="btn btn-link btn-sm p-0 align-baseline"
                onClick={() => onPick(account.email, DEMO_PASSWORD)}
              >
                {account.email}
              </button>{' '}
              <span className="text-body-secondary">— {account.role}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
