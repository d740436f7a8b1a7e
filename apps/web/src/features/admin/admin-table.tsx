import type { AdminListResponse } from '@vuxo/shared/schemas';
import { ADMIN_LIST_LABELS } from '@vuxo/shared/admin';
import { adminTable } from './admin-table-data';
import styles from './admin-page.module.css';

/** One page of a staff list as a table that scrolls sideways on a narrow screen. */
export function AdminTableView({ page, emptyText }: { page: AdminListResponse; emptyText: string }) {
  const table = adminTable(page);
  if (table.rows.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <div
      className={styles.scroller}
      tabIndex={0}
      role="region"
      aria-label={`${ADMIN_LIST_LABELS[page.list]} table`}
    >
      <table className={styles.table}>
        <caption className="visually-hidden">{ADMIN_LIST_LABELS[page.list]}</caption>
        <thead>
          <tr>
            {table.headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={table.headers[index]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
