import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { InlineSpinner, LoadError, Loading } from '../../../components/load-states';
import { useClientSettings, useSaveClientSettings } from '../api/client-settings-api';

/**
 * Whether replies that the agency's staff draft wait for the client's approval (in the
 * notifications' approvals) before they go out. The client's own people change it; staff
 * see it, since it decides whether their replies are sent at once.
 */
export function ApprovalSetting({ companyId }: { companyId: number }) {
  const settings = useClientSettings(companyId);
  const save = useSaveClientSettings(companyId);
  return (
    <Card className="mt-4" as="section" aria-labelledby="approvals-title">
      <Card.Header>
        <h2 className="h5 mb-0" id="approvals-title">
          Approvals
        </h2>
      </Card.Header>
      <Card.Body>
        {settings.isPending && <Loading what="the approval setting" />}
        {settings.isError && (
          <LoadError
            what="The approval setting"
            error={settings.error}
            onRetry={() => settings.refetch()}
          />
        )}
        {settings.data && (
          <>
            <Form.Check
              type="switch"
              id={`approval-required-${companyId}`}
              label="Replies written by the agency wait for my approval before they are sent"
              checked={settings.data.approvalRequired}
              disabled={!settings.data.canChange || save.isPending}
              onChange={(event) => save.mutate({ approvalRequired: event.target.checked })}
            />
            {save.isPending && <InlineSpinner />}
            {!settings.data.canChange && (
              <p className="small text-body-secondary mt-2 mb-0">
                Only the company’s own people change this.
              </p>
            )}
            {save.isError && <p className="small text-danger mt-2 mb-0">{save.error.message}</p>}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
