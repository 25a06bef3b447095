import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Drawer } from '../../../components/drawer';
import { FilterSelect, optionsOf } from '../../../components/filter-select';
import { Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { DEV_OUTBOX_PAGE_SIZE, type DevOutboxFilter, useDevOutbox } from '../api/dev-outbox-api';
import { OutboxMessage } from './outbox-message';

const CHANNEL_OPTIONS = optionsOf<Exclude<DevOutboxFilter['channel'], ''>>(['email', 'sms'], {
  email: 'Email',
  sms: 'SMS',
});

/**
 * The dev outbox (staff): emails and texts kept because no transport is configured. Every
 * screen says they were not sent. Employees see their companies' messages; admins all.
 */
export function DevOutbox() {
  const id = useId();
  const [filter, setFilter] = useState<DevOutboxFilter>({
    channel: '',
    purpose: '',
    q: '',
    page: 1,
  });
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<{ id: number; summary: string } | null>(null);
  const outbox = useDevOutbox(filter);
  const pages = Math.max(1, Math.ceil((outbox.data?.total ?? 0) / DEV_OUTBOX_PAGE_SIZE));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter((f) => ({ ...f, q: search.trim(), page: 1 }));
  };

  return (
    <section>
      <h1 className="h3 mb-3">Dev outbox</h1>
      <Alert variant="warning" role="note">
        <strong>Not sent — kept in the dev outbox.</strong> No mail server (SMTP_URL) or live SMS
        provider is configured for these messages, so nobody received them. Links inside them still
        work: open one to test a flow.
      </Alert>

      <Form
        onSubmit={submit}
        className="d-flex flex-wrap gap-2 mb-3"
        role="search"
        aria-label="Dev outbox"
      >
        <FilterSelect
          id={`${id}-channel`}
          label="Channel"
          labelClassName="visually-hidden"
          allLabel="All channels"
          size={undefined}
          style={{ width: '100%', maxWidth: 160 }}
          value={filter.channel || null}
          options={CHANNEL_OPTIONS}
          onChange={(channel) => setFilter((f) => ({ ...f, channel: channel ?? '', page: 1 }))}
        />
        <FilterSelect
          id={`${id}-purpose`}
          label="Purpose"
          labelClassName="visually-hidden"
          allLabel="All purposes"
          size={undefined}
          style={{ width: '100%', maxWidth: 220 }}
          value={filter.purpose || null}
          options={optionsOf(outbox.data?.purposes ?? [])}
          onChange={(purpose) => setFilter((f) => ({ ...f, purpose: purpose ?? '', page: 1 }))}
        />
        <Form.Control
          type="search"
          placeholder="Search by recipient"
          aria-label="Search by recipient"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 280 }}
        />
        <Button type="submit" variant="outline-primary">
          Search
        </Button>
      </Form>

      {outbox.isError && (
        <Alert variant="danger">The dev outbox could not be loaded: {outbox.error.message}</Alert>
      )}
      {outbox.isPending && <Loading what="the dev outbox" />}
      {outbox.data && outbox.data.items.length === 0 && (
        <p className="text-body-secondary">No kept messages match these filters.</p>
      )}
      {outbox.data && outbox.data.items.length > 0 && (
        <Table responsive hover size="sm" aria-label="Kept messages (not sent)">
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col">Purpose</th>
              <th scope="col">To</th>
              <th scope="col">Subject or first line</th>
              <th scope="col">Kept at</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {outbox.data.items.map((row) => (
              <tr key={row.id}>
                <td>{row.channel === 'sms' ? 'SMS' : 'Email'}</td>
                <td className="small">{row.purpose}</td>
                <td className="text-break">{row.to}</td>
                <td className="text-break">
                  <Button
                    variant="link"
                    className="p-0 text-start"
                    onClick={() => setOpen({ id: row.id, summary: row.summary })}
                  >
                    {row.summary || '(no text)'}
                  </Button>
                </td>
                <td className="small text-nowrap">{new Date(row.created_at).toLocaleString()}</td>
                <td>
                  <Badge bg="warning" text="dark">
                    Not sent
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pager
        label="Dev outbox pages"
        page={filter.page}
        pages={pages}
        onPage={(page) => setFilter((f) => ({ ...f, page }))}
      />

      <Drawer
        id={`${id}-drawer`}
        open={open !== null}
        onClose={() => setOpen(null)}
        placement="end"
        labelledBy={`${id}-title`}
        closeLabel="Close the message"
        style={{ width: 'min(44rem, 100vw)' }}
        header={
          <h2 id={`${id}-title`} className="h5 mb-0 text-break">
            {open?.summary ?? 'Message'}
          </h2>
        }
      >
        {open && <OutboxMessage id={open.id} />}
      </Drawer>
    </section>
  );
}
