import { ErrorLogTable } from '../../../features/error-log/components/error-log-table';

/** /dashboard/employee/status: the error log, for employees and admins. */
function Component() {
  return (
    <section>
      <h1 className="h3 mb-3">System status: error log</h1>
      <ErrorLogTable />
    </section>
  );
}

export { Component };
