/**
 * A list of the management back-end: antd's Table under a toolbar (the page's filters on the
 * left; its buttons and a reload on the right, wrapping on a narrow screen) and, while rows are
 * chosen, a bar that says how many, offers what can be done with them and clears the choice.
 *
 * Not ProTable: ProTable brings ProForm and every ProField value type (about 145 KB gzip, and
 * most of a back-end page's render) into pages whose lists need none of them; this is the part
 * of it those pages use (docs/frontend.md, "The first load").
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Table, Tooltip, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { TEXT } from '@/constants/texts';

export interface SelectionBar {
  /** How many rows are chosen: the bar shows while there are any. */
  count: number;
  /** What the bar says (`已选择 3 名成员`). */
  text: ReactNode;
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

export function DataTable<Row extends object>({
  filters,
  actions,
  onReload,
  selectionBar,
  ...table
}: DataTableProps<Row>) {
  const toolbar = filters || actions || onReload;
  return (
    <div className="data-table">
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
      {selectionBar && selectionBar.count > 0 ? (
        <Alert
          className="data-table-selection"
          type="info"
          role="status"
          message={
            <Space wrap size={[12, 4]}>
              <span>{selectionBar.text}</span>
              <Button type="link" size="small" onClick={selectionBar.onClear}>
                {TEXT.table.clearSelection}
              </Button>
            </Space>
          }
          action={selectionBar.actions}
        />
      ) : null}
      <Table<Row> {...table} />
    </div>
  );
}
