/**
 * The library patches that keep a page's load and first commit to what it shows (patches/,
 * docs/maintenance.md "Patched libraries"): antd's table filter fetches Tree when it shows it, its
 * radio group names its radios without rc-field-form's useForm, a text fetches its editing input
 * when it is edited, a pagination fetches Select when it shows a page-size changer, and rc-table
 * measures the scroll bar only for a header kept apart from the body. The checks of the patched lines, and the count of rc-table's measuring boxes, fail without
 * their patch; the other cases show that the patched paths still give what the library's own gave.
 * The components come from antd's `es/` files, the ones the build takes and the patch changes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from 'antd/es/form';
import Pagination from 'antd/es/pagination';
import Radio from 'antd/es/radio';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { toNamePathStr } from 'antd/es/form/hooks/useForm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectRoot } from '../../../tools/lib/paths';

const antdSource = (file: string) =>
  readFileSync(path.join(projectRoot, 'node_modules/antd/es', file), 'utf8');

describe('antd: what a page does not show is not in its load', () => {
  it('the filter, a text and a pagination import Tree, the editing input and Select when they show them; the radio group no form hook', () => {
    const patch = 'is patches/antd+*.patch applied?';
    const filter = antdSource('table/hooks/useFilter/FilterDropdown.js');
    expect(filter, patch).not.toMatch(/^import Tree from/m);
    expect(filter, patch).toContain("React.lazy(() => import('../../../tree'))");
    expect(antdSource('radio/group.js'), patch).not.toMatch(/from '[./]*form\/hooks\/useForm'/);
    const text = antdSource('typography/Base/index.js');
    expect(text, patch).not.toMatch(/^import Editable from/m);
    expect(text, patch).toContain("React.lazy(() => import('../Editable'))");
    const pagination = antdSource('pagination/Pagination.js');
    expect(pagination, patch).not.toMatch(/^import Select from/m);
    expect(pagination, patch).toContain("React.lazy(() => import('../select'))");
  });

  // Before any other case loads antd's Select.
  it('a pagination draws its page-size changer at once when Select is already loaded', async () => {
    await import('antd/es/select');
    render(<Pagination total={120} />);
    expect(screen.getByRole('combobox')).toBeInTheDocument();
  });

  it('a pagination still offers its page sizes, once Select is fetched', async () => {
    const onShowSizeChange = vi.fn();
    // More than 50 rows: antd shows the page-size changer by itself.
    render(<Pagination total={120} onShowSizeChange={onShowSizeChange} />);
    const sizes = await screen.findByRole('combobox');
    expect(document.querySelector('.ant-pagination-options-size-changer')).toContainElement(sizes);
    expect(screen.getByTitle('10 / page')).toBeInTheDocument();
    await userEvent.click(sizes);
    await userEvent.click(await screen.findByTitle('20 / page'));
    expect(onShowSizeChange).toHaveBeenCalledWith(1, 20);
  });

  it('an editable text still edits, once its input is fetched', async () => {
    render(<Typography.Paragraph editable={{ editing: true }}>企业简介</Typography.Paragraph>);
    expect(await screen.findByRole('textbox')).toHaveValue('企业简介');
  });

  it("a radio group in a form item names its radios as the form hook's toNamePathStr did", () => {
    for (const name of ['plan', ['plan', 'kind'], ['rows', 0, 'level']]) {
      const { container, unmount } = render(
        <Form>
          <Form.Item name={name}>
            <Radio.Group options={['a', 'b']} />
          </Form.Item>
        </Form>,
      );
      const radios = container.querySelectorAll('input[type="radio"]');
      expect(radios).toHaveLength(2);
      for (const radio of radios) expect(radio.getAttribute('name')).toBe(toNamePathStr(name));
      unmount();
    }
  });

  it("a column's tree filter still shows its tree, once fetched", async () => {
    render(
      <Table
        rowKey="id"
        dataSource={[{ id: '1', city: '杭州' }]}
        pagination={false}
        columns={[
          {
            title: '城市',
            dataIndex: 'city',
            filterMode: 'tree',
            filterDropdownProps: { open: true },
            filters: [{ text: '浙江', value: 'zj', children: [{ text: '杭州', value: '杭州' }] }],
          },
        ]}
      />,
    );
    const tree = await screen.findByRole('tree');
    expect(within(tree.parentElement!).getByText('浙江')).toBeInTheDocument();
  });
});

describe('rc-table: the scroll bar is measured only for a header kept apart from the body', () => {
  const MEASURE = /^rc-scrollbar-measure-/;
  afterEach(() => vi.restoreAllMocks());

  /** The ids of the elements the table adds to the body while it mounts (its measuring box). */
  function addedToBody(table: React.ReactElement): string[] {
    const added: string[] = [];
    const append = document.body.appendChild.bind(document.body);
    vi.spyOn(document.body, 'appendChild').mockImplementation((node) => {
      if (node instanceof HTMLElement) added.push(node.id);
      return append(node);
    });
    render(table);
    return added.filter((id) => MEASURE.test(id));
  }

  const columns = [{ title: '名称', dataIndex: 'name' }];
  const rows = [{ id: '1', name: '王芳' }];

  it('a table whose header scrolls with it measures nothing (no layout forced in its commit)', () => {
    // The build takes rc-table's es/ files, this test its lib/ ones: both are patched.
    for (const build of ['es', 'lib']) {
      const source = readFileSync(path.join(projectRoot, `node_modules/rc-table/${build}/Table.js`), 'utf8');
      expect(source, `${build}: is patches/rc-table+*.patch applied?`).toContain(
        'if (measuresScrollbar && (!tailor || !useInternalHooks))',
      );
    }
    expect(
      addedToBody(<Table rowKey="id" columns={columns} dataSource={rows} pagination={false} />),
      'is patches/rc-table+*.patch applied?',
    ).toEqual([]);
  });

  it('a fixed header, and a sticky one, still measure it', () => {
    expect(
      addedToBody(
        <Table rowKey="id" columns={columns} dataSource={rows} pagination={false} scroll={{ y: 200 }} />,
      ),
    ).toHaveLength(1);
    vi.restoreAllMocks();
    expect(
      addedToBody(<Table rowKey="id" columns={columns} dataSource={rows} pagination={false} sticky />),
    ).toHaveLength(1);
  });
});
