import type { ClientRecord } from '@pinpoint/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localCache } from '../../../lib/local-cache';
import { ProfileForm } from './profile-form';

const record: ClientRecord = {
  id: 7,
  name: 'Summit Plumbing & Drain',
  label: 'Summit Plumbing',
  addressLine1: null,
  addressLine2: null,
  city: null,
  county: null,
  state: null,
  postalCode: null,
  country: 'US',
  placeId: null,
  googlePlaceId: null,
  latitude: null,
  longitude: null,
  phone: null,
  email: null,
  website: null,
  primaryCategory: null,
  vertical: null,
  timeZone: 'America/Chicago',
  status: 'active',
};

const AUSTIN = { place_id: 'us-tx-austin', place_type: 'City', full_name: 'Austin, TX, USA' };
const AUSTIN_COUNTY = {
  place_id: 'us-tx-austin-county',
  place_type: 'County',
  full_name: 'Austin County, TX, USA',
};

let sent: { method: string; url: string; data?: Record<string, unknown> }[] = [];

beforeEach(() => {
  sent = [];
  localStorage.clear();
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const request = JSON.parse(String(init.body));
    sent.push(request);
    if (request.url.startsWith('/api/places/search')) {
      return Response.json({ places: [AUSTIN, AUSTIN_COUNTY] });
    }
    if (request.method === 'PUT') {
      const { origin: _origin, ...data } = request.data;
      return Response.json({
        ...record,
        ...data,
        phone: '+15125550134',
        placeId: 'us-tx-austin',
        city: 'Austin',
        county: 'Travis County',
        state: 'TX',
      });
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'No route' } }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileForm record={record} />
    </QueryClientProvider>,
  );
}

describe('the company profile form', () => {
  it('shows a field’s own error and sends nothing while a field is invalid', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '555-12' } });
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '7870' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('Enter a valid phone number, such as (512) 555-0134.'),
    ).toBeDefined();
    expect(
      screen.getByText('Enter a 5-digit ZIP code, or ZIP+4 such as 78701-1234.'),
    ).toBeDefined();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Phone').getAttribute('aria-describedby')).toContain(
      'profile-phone-error',
    );
    expect(sent).toEqual([]);
  });

  it('picks a place with the keyboard, saves, and drops the cached client record', async () => {
    localCache.set('/api/uni/client/7', record);
    renderForm();
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '512 555 0134' } });
    const combobox = screen.getByLabelText('Location');
    expect(combobox.getAttribute('role')).toBe('combobox');
    expect(combobox.getAttribute('aria-autocomplete')).toBe('list');
    fireEvent.focus(combobox);
    fireEvent.change(combobox, { target: { value: 'aus' } });
    const list = await screen.findByRole('listbox', { name: 'Location results' });
    const options = await within(list).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Austin, TX, USACity',
      'Austin County, TX, USACounty',
    ]);
    expect(combobox.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'ArrowUp' });
    expect(combobox.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect((combobox as HTMLInputElement).value).toBe('Austin, TX, USA');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText(/Picked: Austin, TX, USA/)).toBeDefined();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    });
    expect(await screen.findByText('Profile saved.')).toBeDefined();
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/uni/client/7/profile');
    expect(put?.data).toMatchObject({ phone: '512 555 0134', placeId: 'us-tx-austin' });
    expect(localCache.get('/api/uni/client/7')).toBeUndefined();
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('(512) 555-0134');
  });

  it('closes the list with Escape, then clears the text with a second Escape', async () => {
    renderForm();
    const combobox = screen.getByLabelText('Location');
    fireEvent.focus(combobox);
    fireEvent.change(combobox, { target: { value: 'aus' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(combobox, { key: 'Escape' });
    await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('false'));
    fireEvent.keyDown(combobox, { key: 'Escape' });
    expect((combobox as HTMLInputElement).value).toBe('');
  });
});
