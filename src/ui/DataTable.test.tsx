import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable';

interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = [
  { id: '1', name: '王芳' },
  { id: '2', name: '陈思远' },
];

/** A list with a selection, as the members page has it. */
function Members({ onReload, onBatch }: { onReload: () => void; onBatch: (ids: string[]) => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <DataTable<Row>
      rowKey="id"
      columns={[{ title: '姓名', dataIndex: 'name' }]}
      dataSource={ROWS}
      pagination={false}
      filters={<input aria-label="搜索姓名" />}
      actions={<Button type="primary">邀请成员</Button>}
      onReload={onReload}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => setSelected(keys.map(String)),
        getCheckboxProps: (row) => ({ name: row.name, 'aria-label': row.name }),
      }}
      selectionBar={{
        count: selected.length,
        text: `已选择 ${selected.length} 名成员`,
        onClear: () => setSelected([]),
        actions: <Button onClick={() => onBatch(selected)}>分配角色</Button>,
      }}
    />
  );
}

describe('DataTable', () => {
  it('draws the toolbar: the filters, the page buttons and a reload', async () => {
    const user = userEvent.setup();
    const onReload = vi.fn();
    render(<Members onReload={onReload} onBatch={vi.fn()} />);
    expect(screen.getByLabelText('搜索姓名')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '邀请成员' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '刷新' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('row', { name: /王芳/ })).toBeInTheDocument();
  });

  it('shows the selection bar while rows are chosen, with its actions and a way to clear the choice', async () => {
    const user = userEvent.setup();
    const onBatch = vi.fn();
    render(<Members onReload={vi.fn()} onBatch={onBatch} />);
    const announce = screen.getByRole('status');
    expect(announce).toHaveTextContent('');
    expect(screen.queryByRole('group', { name: /已选择/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: '王芳' }));
    expect(announce).toHaveTextContent('已选择 1 名成员'); // heard from the first choice on
    await user.click(screen.getByRole('checkbox', { name: '陈思远' }));
    const bar = screen.getByRole('group', { name: '已选择 2 名成员' });
    expect(bar).toHaveTextContent('已选择 2 名成员');
    await user.click(within(bar).getByRole('button', { name: '分配角色' }));
    expect(onBatch).toHaveBeenCalledWith(['1', '2']);
    await user.click(within(bar).getByRole('button', { name: '取消选择' }));
    expect(screen.queryByRole('group', { name: /已选择/ })).not.toBeInTheDocument();
    expect(announce).toHaveTextContent('');
    expect(screen.getByRole('checkbox', { name: '王芳' })).not.toBeChecked();
    // The button went with the bar: the focus is on the rows' choice, not lost on the page.
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /全选|Select all/i }));
  });

  it('says how many rows there are in all under the list', () => {
    render(
      <DataTable<Row>
        rowKey="id"
        columns={[{ title: '姓名', dataIndex: 'name' }]}
        dataSource={ROWS}
        pagination={{ pageSize: 1 }}
      />,
    );
    expect(screen.getByText('第 1-1 条/总共 2 条')).toBeInTheDocument();
  });

  it('has no toolbar when it is given nothing to put there', () => {
    const { container } = render(
      <DataTable<Row> rowKey="id" columns={[{ title: '姓名', dataIndex: 'name' }]} dataSource={ROWS} />,
    );
    expect(container.querySelector('.data-table-toolbar')).toBeNull();
  });
});
