import type { GeoTarget } from '@pinpoint/contracts';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useGeoTargetSearch } from '../api/search-geo-targets';

/**
 * A combobox over the US geo target constants (`/api/googleads/geotargets?q=`): type two
 * letters, then arrow keys and Enter, or click. The rank grid's place search is its model.
 */
export function GeoTargetSearch({
  chosen,
  onChoose,
  error,
}: {
  chosen: GeoTarget | null;
  onChoose: (geo: GeoTarget | null) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const [text, setText] = useState(chosen?.canonicalName ?? '');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useGeoTargetSearch(debounced);
  const options = search.data?.rows ?? [];
  const shown = open && debounced.trim().length >= 2;

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    onChoose(option);
    setText(option.canonicalName);
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
      <Form.Label>Geo target</Form.Label>
      <Form.Control
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown && options.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={shown && options[active] ? `${id}-option-${active}` : undefined}
        aria-describedby={`${id}-help`}
        isInvalid={Boolean(error)}
        value={text}
        placeholder="e.g. Austin or Texas"
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
          if (chosen) onChoose(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label="Matching geo targets"
        className="list-group position-absolute w-100 shadow-sm"
        style={{ zIndex: 1100 }}
        hidden={!shown || options.length === 0}
      >
        {options.map((option, index) => (
          <div
            key={option.criteriaId}
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
            {option.canonicalName.replace(/,/g, ', ')}{' '}
            <small className={index === active ? '' : 'text-body-secondary'}>
              ({option.targetType.toLowerCase()})
            </small>
          </div>
        ))}
      </div>
      <Form.Text id={`${id}-help`}>
        {chosen
          ? `Chosen: ${chosen.canonicalName.replace(/,/g, ', ')} (${chosen.targetType.toLowerCase()})`
          : 'A US city, state, or the whole country.'}
      </Form.Text>
      {shown && !search.isFetching && search.isSuccess && options.length === 0 && (
        <Form.Text className="d-block">No US geo target matches “{debounced.trim()}”.</Form.Text>
      )}
      {search.isError && (
        <Form.Text className="d-block text-danger">{search.error.message}</Form.Text>
      )}
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
