import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';
import { navigation } from './navigation';

let failure: Error | null = null;
function Region() {
  if (failure) throw failure;
  return <p>区域内容</p>;
}

afterEach(() => {
  failure = null;
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it('shows the region that failed with a retry that renders it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failure = new Error('boom');
    render(
      <ErrorBoundary region="页面">
        <Region />
      </ErrorBoundary>,
    );
    expect(screen.getByText('页面出现错误')).toBeInTheDocument();
    failure = null;
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(screen.getByText('区域内容')).toBeInTheDocument();
  });

  it('reloads the page when the region’s code could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => {});
    failure = new TypeError(
      'Failed to fetch dynamically imported module: http://localhost/assets/MicroAppHost-x.js',
    );
    render(
      <ErrorBoundary region="子应用">
        <Region />
      </ErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
