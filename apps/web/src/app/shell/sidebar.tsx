import { NavLink } from 'react-router';
import { Drawer } from '../../components/drawer';
import type { NavItem } from './nav-items';

export const SIDEBAR_ID = 'app-sidebar';

/** Consecutive items of one group, in order; items without a group form a headless group. */
function grouped(items: NavItem[]): { group: string | undefined; items: NavItem[] }[] {
  const groups: { group: string | undefined; items: NavItem[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.group === item.group) last.items.push(item);
    else groups.push({ group: item.group, items: [item] });
  }
  return groups;
}

function SectionLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return (
    <>
      {grouped(items).map(({ group, items: groupItems }, i) => (
        <div key={group ?? `group-${i}`} className="mb-3">
          {group && (
            <h2 className="h6 text-uppercase text-body-secondary small fw-semibold px-2 mb-1">
              {group}
            </h2>
          )}
          <ul className="nav nav-pills flex-column gap-1">
            {groupItems.map((item) => (
              <li className="nav-item" key={item.to}>
                {/* `end`: "Employee home" (/dashboard/employee) is not also lit on every
                    employee tool below it. */}
                <NavLink className="nav-link py-1 px-2" to={item.to} end onClick={onNavigate}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/**
 * The sections of the signed-in area. From 768 px it is a column beside the page that the
 * menu button shows and hides; below that it opens over the page and closes after a
 * choice, so a phone keeps the whole width for the page.
 */
export function Sidebar({
  items,
  open,
  wide,
  onClose,
}: {
  items: NavItem[];
  open: boolean;
  wide: boolean;
  onClose: () => void;
}) {
  if (wide) {
    if (!open) return null;
    return (
      <nav
        id={SIDEBAR_ID}
        aria-label="Sections"
        className="border-end p-3 flex-shrink-0 overflow-auto"
        style={{ width: 240 }}
      >
        <SectionLinks items={items} />
      </nav>
    );
  }
  return (
    <Drawer
      id={SIDEBAR_ID}
      open={open}
      onClose={onClose}
      placement="start"
      labelledBy={`${SIDEBAR_ID}-title`}
      header={
        <div className="offcanvas-title h5" id={`${SIDEBAR_ID}-title`}>
          Pinpoint
        </div>
      }
      closeLabel="Close menu"
      style={{ maxWidth: '85vw' }}
    >
      <nav aria-label="Sections">
        <SectionLinks items={items} onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
