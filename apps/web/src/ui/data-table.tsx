import type { Key, ReactNode } from 'react';

/** One column of a `DataTable`: its header and what each row shows in it. */
export interface DataColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column that names its row (a date, a medication): `<th scope="row">`, not `<td>`. */
  isRowHeader?: boolean;
  className?: (row: Row) => string | undefined;
}

/**
 * A table of rows from its columns: one header cell per column, then one row per item. With
 * `labelCells` each cell names its column (`data-label`) for the narrow layout that shows a row
 * as a card (data-table.module.css). `caption` is the table's `<caption>` element, if it has one.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  className,
  labelCells = false,
  isBusy,
}: {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  caption?: ReactNode;
  className?: string;
  labelCells?: boolean;
  /** While a newer page loads (`aria-busy`); left out for a table that never reloads. */
  isBusy?: boolean;
}) {
  return (
    <table className={className} aria-busy={isBusy}>
      {caption}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map(({ header, cell, isRowHeader, className: cellClassName }, index) => {
              const Cell = isRowHeader ? 'th' : 'td';
              return (
                <Cell
                  key={index}
                  scope={isRowHeader ? 'row' : undefined}
                  data-label={labelCells ? header : undefined}
                  className={cellClassName?.(row)}
                >
                  {cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
