/**
 * The side menu's icons arrive with their own chunk: an empty icon of the same size holds
 * each place until then, and the server's names map to their icons (unknown names to a
 * neutral one).
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuIcon } from './icons';

describe('menuIcon', () => {
  it('holds the place with an empty icon, then shows the named one', async () => {
    const { container } = render(<div>{menuIcon('TeamOutlined')}</div>);
    const placeholder = container.querySelector('.anticon');
    expect(placeholder?.className).toBe('anticon');
    expect(placeholder?.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder?.querySelector('svg')?.getAttribute('width')).toBe('1em');
    expect(placeholder?.querySelector('svg')?.getAttribute('height')).toBe('1em');
    await screen.findByRole('img', { name: 'team' });
    expect(container.querySelectorAll('.anticon')).toHaveLength(1);
  });

  it('falls back to a neutral icon for a name it does not know', async () => {
    render(<div>{menuIcon('NoSuchIcon')}</div>);
    await screen.findByRole('img', { name: 'appstore' });
  });
});
