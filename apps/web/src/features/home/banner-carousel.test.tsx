import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerCarousel, CAROUSEL_INTERVAL_MS, type CarouselSlide } from './banner-carousel.tsx';

const SLIDES: CarouselSlide[] = ['one', 'two', 'three', 'four'].map((id, position) => ({
  id,
  src: `/${id}.svg`,
  alt: `Picture ${id}`,
  headline: `Headline ${id}`,
  text: `Text ${id}`,
  action: `Action ${id}`,
  link: position === 0 ? 'tel:+18005550100' : `/${id}`,
  tone: 'teal',
}));

function renderCarousel() {
  render(
    <MemoryRouter>
      <BannerCarousel slides={SLIDES} />
      <button type="button">Outside</button>
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Highlights' });
}

/** The one slide that is shown (the others are hidden from the accessibility tree). */
const currentSlide = () => screen.getByRole('group');

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function preferReducedMotion() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('BannerCarousel', () => {
  it('advances every 3000 ms and wraps after the last slide', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(3000);
    renderCarousel();
    expect(currentSlide()).toHaveAccessibleName('1 of 4');

    wait(2999);
    expect(currentSlide()).toHaveAccessibleName('1 of 4');
    wait(1);
    expect(currentSlide()).toHaveAccessibleName('2 of 4');
    wait(3000);
    wait(3000);
    expect(currentSlide()).toHaveAccessibleName('4 of 4');
    wait(3000);
    expect(currentSlide()).toHaveAccessibleName('1 of 4');
  });

  it('shows one slide at a time with its picture, text and link; the first calls the phone', () => {
    renderCarousel();
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.getByText('Headline one')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Picture one' })).toHaveAttribute('width', '480');
    expect(screen.getByRole('link', { name: /Action one/ })).toHaveAttribute(
      'href',
      'tel:+18005550100',
    );
    expect(screen.queryByRole('link', { name: /Action two/ })).not.toBeInTheDocument();
  });

  it('moves with the next and previous buttons, wrapping both ways', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toHaveAccessibleName('2 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentSlide()).toHaveAccessibleName('4 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toHaveAccessibleName('1 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3' }));
    expect(currentSlide()).toHaveAccessibleName('3 of 4');
  });

  it('gives a slide picked by hand a full interval before moving on', () => {
    renderCarousel();
    wait(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    wait(2000);
    expect(currentSlide()).toHaveAccessibleName('2 of 4');
    wait(1000);
    expect(currentSlide()).toHaveAccessibleName('3 of 4');
  });

  it('pauses while the pointer is over it and resumes when it leaves', () => {
    const region = renderCarousel();
    fireEvent.mouseEnter(region);
    wait(10_000);
    expect(currentSlide()).toHaveAccessibleName('1 of 4');
    fireEvent.mouseLeave(region);
    wait(3000);
    expect(currentSlide()).toHaveAccessibleName('2 of 4');
  });

  it('pauses while focus is inside it and resumes when focus leaves', () => {
    renderCarousel();
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    wait(10_000);
    expect(currentSlide()).toHaveAccessibleName('1 of 4');
    act(() => screen.getByRole('button', { name: 'Previous slide' }).focus());
    wait(10_000);
    expect(currentSlide()).toHaveAccessibleName('1 of 4');
    act(() => screen.getByRole('button', { name: 'Outside' }).focus());
    wait(3000);
    expect(currentSlide()).toHaveAccessibleName('2 of 4');
  });

  it('announces slide changes only while it is not rotating', () => {
    const region = renderCarousel();
    const slides = currentSlide().parentElement!;
    expect(slides).toHaveAttribute('aria-live', 'off');
    fireEvent.mouseEnter(region);
    expect(slides).toHaveAttribute('aria-live', 'polite');
  });

  it('stops and restarts rotation with its button', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    wait(10_000);
    expect(currentSlide()).toHaveAccessibleName('1 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    wait(3000);
    expect(currentSlide()).toHaveAccessibleName('2 of 4');
  });

  it('does not advance by itself under prefers-reduced-motion, but the buttons still work', () => {
    preferReducedMotion();
    renderCarousel();
    wait(15_000);
    expect(currentSlide()).toHaveAccessibleName('1 of 4');
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toHaveAccessibleName('2 of 4');
    wait(15_000);
    expect(currentSlide()).toHaveAccessibleName('2 of 4');
  });
});
