/** Where each task of a job stands (the values of `JobState.mapState` and `reduceState`). */
export const TASK_PENDING = 0;
export const TASK_RUNNING = 1;
export const TASK_DONE = 2;
