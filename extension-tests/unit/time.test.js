// One time format for the popup and the history list (lib/time.js): 24-hour in every locale,
// the zone named once, today's records by the time and older ones by the day.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

import { clock, clockSeconds, dateTime, recentTime, shortTime, timeZone, timeZoneWords } from '../../extension/lib/time.js';

const EVENING = new Date(2026, 11, 7, 17, 1, 43).getTime();

describe('time', () => {
  it('writes the time of day 24-hour, never with AM or PM', () => {
    assert.equal(clock(EVENING), '17:01');
    assert.equal(clockSeconds(EVENING), '17:01:43');
    assert.equal(clock(new Date(2026, 11, 7, 0, 5).getTime()), '00:05');
    assert.match(dateTime(EVENING), /2026.*17:01:43/);
    assert.doesNotMatch(dateTime(EVENING), /AM|PM/);
    assert.equal(dateTime(undefined), '—');
  });

  it('lists today by the time and an earlier day by its date', () => {
    const now = new Date(2026, 11, 7, 23, 0).getTime();
    assert.equal(shortTime(EVENING, now), '17:01');
    assert.equal(recentTime(EVENING, now), '17:01:43');
    const yesterday = new Date(2026, 11, 6, 17, 1).getTime();
    assert.doesNotMatch(shortTime(yesterday, now), /17:01/);
    assert.match(recentTime(yesterday, now), /17:01:00/);
  });

  it('names the zone once, by its name', () => {
    assert.equal(timeZoneWords(), `Times in ${timeZone()}`);
    // In another locale and zone the same: 24-hour, the zone's name (UTC for its aliases).
    const script = "import('./lib/time.js').then((t) => console.log(JSON.stringify([t.timeZone(), t.clock(Date.UTC(2026, 11, 7, 17, 1))])))";
    for (const [tz, lang, zone, time] of [['Etc/UTC', 'en_US.UTF-8', 'UTC', '17:01'], ['Europe/Berlin', 'de_DE.UTF-8', 'Europe/Berlin', '18:01'], ['America/New_York', 'en_US.UTF-8', 'America/New_York', '12:01']]) {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: new URL('../../extension/', import.meta.url), env: { ...process.env, TZ: tz, LANG: lang, LC_ALL: lang }, encoding: 'utf8',
      });
      assert.deepEqual(JSON.parse(run.stdout), [zone, time], `${tz} ${lang}: ${run.stderr}`);
    }
  });
});
