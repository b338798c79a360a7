/**
 * A list of the management back-end: antd's Table under a toolbar (the page's filters on the
 * left; its buttons and a reload on the right, wrapping on a narrow screen) and, while rows are
 * chosen, a bar that says how many, offers what can be done with them and clears the choice.
 * Its pagination says how many rows there are in all.
 *
 * Not ProTable: ProTable brings ProForm and every ProField value type (about 145 KB gzip, and
 * most of a back-end page's render) into pages whose lists need none of them; this is the part
 * of it those pages use (docs/frontend.md, "The first load").
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Table, Tooltip, type TableProps } from 'antd';
import { useRef, type ReactNode } from 'react';
import { TEXT } from '@/constants/texts';

interface SelectionBar {
  /** How many rows are chosen: the bar shows while there are any. */
  count: number;
  /** What the bar says (`已选择 3 名成员`). */
  text: string;
  /** What can be done with the chosen rows. */
  actions?: ReactNode;
  onClear: () => void;
}

export interface DataTableProps<Row> extends Omit<TableProps<Row>, 'title' | 'footer'> {
  /** The toolbar's left: the list's search or filters. */
  filters?: ReactNode;
  /** The toolbar's right: the page's buttons. */
  actions?: ReactNode;
  /** Loads the list again (the toolbar's 刷新 button). */
  onReload?: () => void;
  selectionBar?: SelectionBar;
}

const showTotal = (all: number, [from, to]: [number, number]) => TEXT.table.total(from, to, all);

export function DataTable<Row extends object>({
  filters,
  actions,
  onReload,
  selectionBar,
  pagination,
  ...table
}: DataTableProps<Row>) {
  const rootRef = useRef<HTMLDivElement>(null);
  const toolbar = filters || actions || onReload;
  const chosen = selectionBar && selectionBar.count > 0;
  const clear = () => {
    selectionBar?.onClear();
    // The bar (and the button that had the focus) goes: the focus goes to the rows' choice.
    rootRef.current?.querySelector<HTMLInputElement>('.ant-table-selection-column input')?.focus();
  };
  return (
    <div className="data-table" ref={rootRef}>
      {toolbar ? (
        <div className="data-table-toolbar">
          <div className="data-table-filters">{filters}</div>
          <Space wrap className="data-table-actions">
            {actions}
            {onReload ? (
              <Tooltip title={TEXT.table.reload}>
                <Button
                  type="text"
                  icon={<ReloadOutlined />}
                  aria-label={TEXT.table.reload}
                  onClick={onReload}
                />
              </Tooltip>
            ) : null}
          </Space>
        </div>
      ) : null}
      {/* Always in the page, so that a screen reader hears the first choice too. */}
      {selectionBar ? (
        <span className="visually-hidden" role="status">
          {chosen ? selectionBar.text : ''}
        </span>
      ) : null}
      {chosen ? (
        <Alert
          className="data-table-selection"
          type="info"
          // A group named by its count (antd's Alert is an alert: it would interrupt on every change).
          role="group"
          aria-label={selectionBar.text}
          message={
            <Space wrap size={[12, 4]}>
              <span>{selectionBar.text}</span>
              <Button type="link" size="small" onClick={clear}>
                {TEXT.table.clearSelection}
              </Button>
            </Space>
          }
          action={selectionBar.actions}
        />
      ) : null}
      <Table<Row> {...table} pagination={pagination ? { showTotal, ...pagination } : pagination} />
    </div>
  );
}
