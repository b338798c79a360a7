import { describe, expect, it } from 'vitest';
import { inNextTask } from './next-task';

describe('inNextTask', () => {
  it('runs the task after the current one, not in it, unless cancelled first', async () => {
    const order: string[] = [];
    inNextTask(() => order.push('next task'));
    const cancel = inNextTask(() => order.push('cancelled'));
    order.push('this task');
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['this task', 'next task']);
  });
});
