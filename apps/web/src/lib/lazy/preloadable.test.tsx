import { act, render, screen } from '@testing-library/react';
import { Suspense, type JSX } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.ts';

/** A component whose chunk arrives when the test says so. */
function slowComponent() {
  let arrive!: () => void;
  const arrived = new Promise<() => JSX.Element>((resolve) => {
    arrive = () => resolve(() => <p>The form</p>);
  });
  return { Form: preloadable(() => arrived), arrive };
}

describe('preloadable', () => {
  it('suspends on a first render before its code has arrived, then shows it', async () => {
    const { Form, arrive } = slowComponent();
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Form />
      </Suspense>,
    );
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByText('The form')).toBeInTheDocument();
  });

  it('renders at once, without suspending, once preloaded', async () => {
    const { Form, arrive } = slowComponent();
    const loading = Form.preload();
    arrive();
    await loading;
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Form />
      </Suspense>,
    );
    expect(screen.getByText('The form')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
  });
});
