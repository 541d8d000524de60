import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useScrollToFragment } from './fragment-target.ts';

function Section({ focusInside }: { focusInside: boolean }) {
  useScrollToFragment(true);
  return (
    <main id="main">
      <div id="visits">
        <h2>Visits</h2>
        <form aria-label="Record a visit">
          <h3
            tabIndex={-1}
            ref={(heading) => {
              if (focusInside) heading?.focus();
            }}
          >
            Record a visit
          </h3>
        </form>
      </div>
    </main>
  );
}

const renderAt = (focusInside: boolean) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [{ path: '/chart', element: <Section focusInside={focusInside} /> }],
        {
          initialEntries: ['/chart#visits'],
        },
      )}
    />,
  );

// jsdom lays nothing out and has no scrollIntoView.
beforeEach(() => {
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('useScrollToFragment', () => {
  it("focuses the heading of the section the address's fragment names", () => {
    const { getByRole } = renderAt(false);
    expect(getByRole('heading', { name: 'Visits' })).toHaveFocus();
  });

  it('leaves focus where the page put it inside that section (a form the address opened)', () => {
    const { getByRole } = renderAt(true);
    expect(getByRole('heading', { name: 'Record a visit' })).toHaveFocus();
  });
});
