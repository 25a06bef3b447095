import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { usePlaceSearch } from '../api/search-places';

export interface PlaceChoice {
  name: string;
  lat: number;
  lng: number;
}

/**
 * A small combobox over `GET /api/places/search` (cities): type, then arrow keys and Enter,
 * or click. Only places with a position are offered, since the grid needs one.
 */
export function PlaceSearch({ onChoose }: { onChoose: (place: PlaceChoice) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const search = usePlaceSearch(debounced);
  const options = (search.data?.places ?? []).flatMap((place) =>
    typeof place.lat === 'number' && typeof place.lng === 'number'
      ? [{ id: place.place_id, name: place.full_name, lat: place.lat, lng: place.lng }]
      : [],
  );
  const shown = open && debounced.trim().length >= 2;

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    onChoose({ name: option.name, lat: option.lat, lng: option.lng });
    setText(option.name);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter' && shown && options.length > 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <Form.Group className="position-relative" controlId={`${id}-input`}>
      <Form.Label>Find a town to centre on</Form.Label>
      <Form.Control
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown && options.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={shown && options[active] ? `${id}-option-${active}` : undefined}
        value={text}
        placeholder="e.g. Austin"
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label="Matching towns"
        className="list-group position-absolute w-100 shadow-sm"
        style={{ zIndex: 1100 }}
        hidden={!shown || options.length === 0}
      >
        {options.map((option, index) => (
          <div
            key={option.id}
            tabIndex={-1}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`list-group-item list-group-item-action${index === active ? ' active' : ''}`}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(index);
            }}
          >
            {option.name}
          </div>
        ))}
      </div>
      {shown && !search.isFetching && search.isSuccess && options.length === 0 && (
        <Form.Text>No town matches “{debounced.trim()}”.</Form.Text>
      )}
      {search.isError && <Form.Text className="text-danger">{search.error.message}</Form.Text>}
    </Form.Group>
  );
}
