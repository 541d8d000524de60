import { describe, expect, it } from 'vitest';
import { hoursShown, offsetIn, placeDay } from './agenda-grid-geometry.ts';

const at = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};
const span = (from: string, to: string) => ({ start: at(from), end: at(to) });

describe('hoursShown', () => {
  it('covers the working hours in whole hours', () => {
    expect(hoursShown([span('08:30', '17:15')])).toEqual(span('08:00', '18:00'));
  });

  it('reaches out to an appointment after hours (22:10) and stops at midnight', () => {
    expect(hoursShown([span('09:00', '17:00'), span('22:10', '22:40')])).toEqual(
      span('09:00', '23:00'),
    );
    expect(hoursShown([span('23:30', '24:00')])).toEqual(span('23:00', '24:00'));
  });

  it('shows 08:00 to 18:00 on a day with neither hours nor appointments', () => {
    expect(hoursShown([])).toEqual(span('08:00', '18:00'));
  });
});

describe('offsetIn', () => {
  it('measures from the first hour shown and cuts at the last', () => {
    const shown = span('08:00', '18:00');
    expect(offsetIn(span('09:15', '10:00'), shown)).toEqual({ top: 75, height: 45 });
    expect(offsetIn(span('17:30', '19:00'), shown)).toEqual({ top: 570, height: 30 });
  });
});

describe('placeDay', () => {
  const shown = span('08:00', '18:00');
  const item = (name: string, from: string, to: string) => ({ item: name, ...span(from, to) });

  it('puts each item at its start, as tall as its duration, alone in its row', () => {
    const placed = placeDay([item('b', '10:00', '10:30'), item('a', '09:00', '10:00')], shown);
    expect(placed).toEqual([
      { item: 'a', top: 60, height: 60, lane: 0, lanes: 1 },
      { item: 'b', top: 120, height: 30, lane: 0, lanes: 1 },
    ]);
  });

  it('sets overlapping items side by side and reuses a lane once it is free', () => {
    const placed = placeDay(
      [
        item('long', '09:00', '10:30'),
        item('early', '09:15', '09:45'),
        item('later', '10:00', '10:15'),
        item('after', '11:00', '11:30'),
      ],
      shown,
    );
    expect(placed.map(({ item, lane, lanes }) => [item, lane, lanes])).toEqual([
      ['long', 0, 2],
      ['early', 1, 2],
      ['later', 1, 2],
      ['after', 0, 1],
    ]);
  });

  it('counts three lanes when three items overlap at once', () => {
    const placed = placeDay(
      [item('a', '09:00', '10:00'), item('b', '09:00', '09:30'), item('c', '09:10', '09:20')],
      shown,
    );
    expect(placed.map(({ lane, lanes }) => [lane, lanes])).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
  });
});
