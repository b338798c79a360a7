/** 我的反馈: the user's feedback (POST /feedback/v1/list), each opening its detail page. */
import { Button, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { FeedbackListQueryKind, FeedbackSummary } from '@generated/workbench/model';
import { getListFeedbackQueryKey, useListFeedback } from '@generated/workbench/workbench';
import { useAccess } from '@/access';
import { FEEDBACK_TEXT } from '@/constants/texts';
import { dialogs } from '@/ui/dialogs';
import { PageFrame } from '@/ui/PageFrame';
import { formatTime } from '@/ui/format';
import { LoadFailed } from '@/ui/LoadFailed';
import { routeTo } from '@/constants/routes';
import { useFetchedWithShell } from '@/session/first-data';
import { FIRST_MY_FEEDBACK_PAGE } from '../first-data';

type KindFilter = FeedbackListQueryKind | 'all';

const feedbackDetailPath = (row: Pick<FeedbackSummary, 'id' | 'kind'>) =>
  routeTo.feedbackDetail(row.kind, row.id);

export default function MyFeedbackPage() {
  const { routeSet } = useAccess();
  const [index, setIndex] = useState(1);
  const [kind, setKind] = useState<KindFilter>('all');
  const query = { ...FIRST_MY_FEEDBACK_PAGE, index, ...(kind === 'all' ? {} : { kind }) };
  // The first page as a load that starts here fetched it with the shell (../first-data.ts).
  const withShell = useFetchedWithShell(getListFeedbackQueryKey(query));
  const list = useListFeedback(query, {
    query: { retry: false, placeholderData: (prev) => prev, ...withShell },
  });
  // The detail pages are not there for a frozen tenant (route set): then the rows are not links.
  const linkable = routeSet.feedbackDetails;

  const columns = [
    {
      title: FEEDBACK_TEXT.kindColumn,
      dataIndex: 'kind',
      width: 110,
      render: (value: FeedbackSummary['kind']) => (
        <Tag color={value === 'activity' ? 'purple' : 'blue'}>{FEEDBACK_TEXT.kinds[value]}</Tag>
      ),
    },
    {
      title: FEEDBACK_TEXT.titleColumn,
      dataIndex: 'title',
      ellipsis: true,
      render: (value: string, row: FeedbackSummary) =>
        linkable ? <Link to={feedbackDetailPath(row)}>{value}</Link> : value,
    },
    {
      title: FEEDBACK_TEXT.createdColumn,
      dataIndex: 'created_at',
      width: 190,
      render: (value: number) => formatTime(value),
    },
    ...(linkable
      ? [
          {
            title: FEEDBACK_TEXT.actionsColumn,
            key: 'actions',
            width: 90,
            render: (_: unknown, row: FeedbackSummary) => (
              <Link to={feedbackDetailPath(row)} aria-label={`${FEEDBACK_TEXT.view} ${row.title}`}>
                {FEEDBACK_TEXT.view}
              </Link>
            ),
          },
        ]
      : []),
  ];

  return (
    <PageFrame
      title={FEEDBACK_TEXT.myFeedbackTitle}
      extra={<Button onClick={() => dialogs.open('feedback')}>{FEEDBACK_TEXT.newFeedback}</Button>}
    >
      <Segmented<KindFilter>
        value={kind}
        onChange={(value) => {
          setKind(value);
          setIndex(1);
        }}
        options={[
          { value: 'all', label: FEEDBACK_TEXT.allKinds },
          { value: 'activity', label: FEEDBACK_TEXT.kinds.activity },
          { value: 'question', label: FEEDBACK_TEXT.kinds.question },
        ]}
        style={{ marginBottom: 16 }}
      />
      {list.isError && !list.data ? (
        <LoadFailed title={FEEDBACK_TEXT.listFailed} onRetry={() => void list.refetch()} />
      ) : (
        <Table<FeedbackSummary>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.rows ?? []}
          columns={columns}
          locale={{ emptyText: FEEDBACK_TEXT.empty }}
          pagination={{
            current: index,
            pageSize: FIRST_MY_FEEDBACK_PAGE.page_size,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setIndex,
          }}
        />
      )}
    </PageFrame>
  );
}
