import type { GeoPlace, PlaceType } from '@pinpoint/contracts';
import { type KeyboardEvent, useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { PLACE_SEARCH_MIN_LENGTH, usePlacesSearch } from '../api/profile-api';

/** Badge colours are a second cue only: the type is always written out. */
const TYPE_BADGE: Record<PlaceType, string> = {
  Country: 'dark',
  State: 'primary',
  County: 'info',
  City: 'success',
};

export function PlaceTypeBadge({ type }: { type: PlaceType }) {
  return (
    <Badge
      bg={TYPE_BADGE[type]}
      className="ms-2 fw-normal"
      text={type === 'County' ? 'dark' : undefined}
    >
      {type}
    </Badge>
  );
}

export interface PickedPlace {
  /** Null for a location stored without a picked place (older records, imports). */
  place_id: string | null;
  full_name: string;
  place_type: PlaceType | null;
}

/**
 * The places search as an ARIA 1.2 combobox: a text input that owns a listbox of results.
 * Up/Down move through the results, Enter picks, Escape closes the list (and a second
 * Escape clears the text). Searching waits for typing to pause (~250 ms).
 */
export function PlaceSearch({
  id,
  label,
  value,
  onPick,
  error,
  disabled,
}: {
  id: string;
  label: string;
  /** The place picked so far (the saved one, or a new pick). */
  value: PickedPlace | null;
  onPick: (place: GeoPlace) => void;
  error?: string;
  disabled?: boolean;
}) {
  const listId = useId();
  const hintId = useId();
  const statusId = useId();
  const errorId = useId();
  const [text, setText] = useState(value?.full_name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { places, searching, error: searchError, settledQuery } = usePlacesSearch(open ? text : '');
  const expanded = open && places.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const pick = (place: GeoPlace) => {
    onPick(place);
    setText(place.full_name);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((i) => (places.length === 0 ? -1 : (i + 1) % places.length));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive((i) => (places.length === 0 ? -1 : i <= 0 ? places.length - 1 : i - 1));
        break;
      case 'Enter': {
        // Enter in the list picks; it must not submit the surrounding form.
        const place = expanded ? places[active >= 0 ? active : 0] : undefined;
        if (expanded) event.preventDefault();
        if (place) pick(place);
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        break;
    }
  };

  let status = '';
  if (open && text.trim().length > 0 && text.trim().length < PLACE_SEARCH_MIN_LENGTH) {
    status = `Type at least ${PLACE_SEARCH_MIN_LENGTH} characters to search.`;
  } else if (open && searching) status = 'Searching…';
  else if (open && searchError) status = `Place search failed: ${searchError.message}`;
  else if (open && settledQuery && places.length === 0)
    status = `No places match “${settledQuery}”.`;
  else if (expanded) status = `${places.length} place${places.length === 1 ? '' : 's'} found.`;

  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <Form.Group className="mb-3 position-relative" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error) || undefined}
        disabled={disabled}
        value={text}
        placeholder="Search a city, county, state or country"
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        // Closing on blur waits a moment so a click on an option lands first.
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={`${label} results`}
        className={`list-group position-absolute w-100 shadow-sm ${expanded ? '' : 'd-none'}`}
        style={{ zIndex: 1050, maxHeight: 320, overflowY: 'auto' }}
      >
        {expanded &&
          places.map((place, index) => (
            <div
              key={place.place_id}
              id={optionId(index)}
              role="option"
              // Focus stays in the input (aria-activedescendant); options are never tabbed to.
              tabIndex={-1}
              aria-selected={index === active}
              className={`list-group-item list-group-item-action d-flex align-items-center ${index === active ? 'active' : ''}`}
              style={{ cursor: 'pointer' }}
              // mousedown, not click: it comes before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(place);
              }}
            >
              <span className="flex-grow-1">{place.full_name}</span>
              <PlaceTypeBadge type={place.place_type} />
            </div>
          ))}
      </div>
      <Form.Text id={hintId} muted>
        {value ? (
          <>
            Picked: {value.full_name}
            {value.place_type && <PlaceTypeBadge type={value.place_type} />}
          </>
        ) : (
          'Pick the city (or county, state or country) the business serves from.'
        )}
      </Form.Text>
      <div id={statusId} role="status" aria-live="polite" className="small text-body-secondary">
        {status}
      </div>
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId} className="d-block">
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
