import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { singleRecord } from './keyValue.ts';
import {
  addAcknowledgementNote,
  addTaskEvents,
  addTaskNote,
  alarmTaskSignature,
  assignTask,
  checkTaskUpdate,
  createActivity,
  createTask,
  escalateTask,
  setTaskCategory,
  setTaskStatus,
  setTaskTitle,
  TASK_STATUSES,
  type TaskRecord,
  unitIdOfSignature,
  withdrawTask,
} from './tasks.ts';

const by = { user: 'operator', date: '2026-11-24T08:00:00Z' };
const task = createTask({ id: 't1' }, { date: '2026-11-24T07:00:00Z' });

describe('tasks (model version 2)', () => {
  it("starts resting as 'New task' with the signature 'default' and a status activity by system", () => {
    expect(task).toMatchObject({
      version: 2,
      kind: 'task',
      title: 'New task',
      signature: 'default',
      type: 'custom',
      status: 'resting',
      eventIds: [],
      assignees: [],
    });
    expect(task.activities).toEqual([
      { type: 'status', status: 'resting', user: 'system', date: '2026-11-24T07:00:00Z' },
    ]);
  });

  it('moves from any status to any status, each change an activity', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TASK_STATUSES), { maxLength: 12 }), (statuses) => {
        let t: TaskRecord = task;
        for (const s of statuses) t = setTaskStatus(t, s, by);
        expect(t.status).toBe(statuses.at(-1) ?? 'resting');
        expect(t.activities).toHaveLength(1 + statuses.length);
        expect(t.activities.slice(1).map((a) => (a.type === 'status' ? a.status : ''))).toEqual(statuses);
      }),
    );
  });

  it('notes an acknowledgement as facts, the comment as the note (empty without one), by whoever acknowledged', () => {
    const facts = { eventId: 'e1', alarmType: 0, title: 'Alarm Resistance level 1', unitName: 'K2' };
    const noted = addAcknowledgementNote(task, facts, '  Crew sent ', by);
    expect(noted.activities.at(-1)).toEqual({ type: 'note', note: 'Crew sent', acknowledged: facts, ...by });
    expect(addAcknowledgementNote(task, facts, '', by).activities.at(-1)).toMatchObject({ type: 'note', note: '' });
    expect(noted.status).toBe(task.status);
  });

  it('assigns once, withdraws, and refuses to withdraw a user not assigned', () => {
    const a = assignTask(assignTask(task, 'anna', by), 'anna', by);
    expect(a.assignees).toEqual(['anna']);
    expect(a.activities.at(-1)).toMatchObject({ type: 'assignees', assignees: ['anna'], user: 'operator' });
    const w = withdrawTask(a, 'anna', by);
    expect(w.assignees).toEqual([]);
    expect(w.activities).toHaveLength(a.activities.length + 1);
    expect(() => withdrawTask(w, 'anna', by)).toThrow('User not assigned');
  });

  it('appends event ids in order, once each', () => {
    const t = addTaskEvents(addTaskEvents(task, ['e1', 'e2'], by), ['e2', 'e3'], by);
    expect(t.eventIds).toEqual(['e1', 'e2', 'e3']);
    expect(t.activities.at(-1)).toMatchObject({ type: 'events', eventIds: ['e3'] });
  });

  it('records notes, titles and categories as activities', () => {
    const t = setTaskCategory(setTaskTitle(addTaskNote(task, 'Valve closed', by), 'Leak at K8', by), 'alert', by);
    expect(t).toMatchObject({ title: 'Leak at K8', category: 'alert' });
    expect(t.activities.slice(1).map((a) => a.type)).toEqual(['note', 'title', 'category']);
  });

  it('names every missing payload with the spec text', () => {
    expect(() => addTaskNote(task, ' ', by)).toThrow('Missing note parameter');
    expect(() => setTaskStatus(task, undefined, by)).toThrow('Missing status parameter');
    expect(() => setTaskTitle(task, '', by)).toThrow('Missing title parameter');
    expect(() => setTaskCategory(task, undefined, by)).toThrow('Missing category parameter');
    expect(() => addTaskEvents(task, [], by)).toThrow('Missing events parameter');
    expect(() => assignTask(task, '', by)).toThrow('Missing assignees parameter');
    expect(() => createActivity('assignees', { assignees: [] }, by)).toThrow('Missing assignees parameter');
  });

  it("refuses operations without a task, and an empty update: 'Invalid task parameter'", () => {
    expect(() => setTaskStatus(undefined as unknown as TaskRecord, 'done', by)).toThrow('Invalid task parameter');
    expect(() => checkTaskUpdate({})).toThrow('Invalid task parameter');
    expect(() => checkTaskUpdate(null)).toThrow('Invalid task parameter');
    expect(checkTaskUpdate({ title: 'x' })).toEqual({ title: 'x' });
  });

  it('signs alarm tasks Alarm + unit id and reads the unit back from the trailing digits', () => {
    fc.assert(
      fc.property(fc.nat(), (unitId) => {
        expect(alarmTaskSignature(unitId)).toBe(`Alarm${unitId}`);
        expect(unitIdOfSignature(alarmTaskSignature(unitId))).toBe(unitId);
      }),
    );
    expect(unitIdOfSignature('default')).toBeUndefined();
  });
});

describe('key-value records', () => {
  it("answers the single record of a key and refuses more: 'More than one keys received'", () => {
    expect(singleRecord([])).toBeUndefined();
    expect(singleRecord([1])).toBe(1);
    expect(() => singleRecord([1, 2])).toThrow('More than one keys received');
  });
});

describe('escalateTask', () => {
  const by = { user: 'system', date: '2026-11-27T08:00:00Z' };
  const notice = createTask({ id: 't', type: 'alarm', signature: 'Alarm1', title: 'K17', category: 'warning' }, by);

  it('raises an alarm task to its most severe event, as a category activity, and never lowers it', () => {
    const raised = escalateTask(notice, 'pre-alert', by);
    expect(raised.category).toBe('alert');
    expect(raised.activities.at(-1)).toMatchObject({ type: 'category', category: 'alert' });
    expect(escalateTask(raised, 'notice', by)).toBe(raised);
    expect(escalateTask(raised, 'alert', by)).toBe(raised);
    expect(escalateTask(raised, 'critical', by).category).toBe('critical');
  });
});
