import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { cliSession } from '../test-support/cli-session.js';
import { TRACES } from '../test-support/traces.js';
import { CONF_DIRS } from '../workloads/hadoop-conf/test-support/conf-dirs.js';
import { main } from './program.js';

const cli = cliSession();

describe('mrsched import hadoop-conf: the documentation examples import and run', () => {
  it("runs the Fair Scheduler documentation's allocation file under fair, with a SWIM trace's jobs", async () => {
    const target = join(cli.dir, 'fair.yaml');
    expect(await main(['import', 'hadoop-conf', CONF_DIRS.fairDoc, '--jobs', TRACES.swimFirst50, '--out', target])).toBe(0);
    expect(cli.err).toMatch(/^imported mapred-site\.xml, yarn-site\.xml, fair-scheduler\.xml, topology\.data: 6 nodes, 4 pools, for --scheduler fair into /);
    expect(YAML.parse(readFileSync(target, 'utf8')).trace).toMatchObject({ format: 'swim' });
    cli.clearOutput();
    expect(await main(['simulate', target, '-s', 'fair', '--format', 'json'])).toBe(0);
    expect(JSON.parse(cli.out).metrics.jobsSucceeded).toBe(50);
  });

  it('runs the capacity-scheduler.xml Hadoop ships under capacity, with the default scenario\'s jobs', async () => {
    const target = join(cli.dir, 'capacity.json');
    const jobs = new URL('../../examples/default.yaml', import.meta.url).pathname;
    expect(await main(['import', 'hadoop-conf', CONF_DIRS.capacityShipped, '--nodes', '8', '--jobs', jobs, '--out', target])).toBe(0);
    expect(JSON.parse(readFileSync(target, 'utf8')).notes.length).toBeGreaterThan(10);
    cli.clearOutput();
    expect(await main(['simulate', target, '-s', 'capacity', '--format', 'json'])).toBe(0);
  });

  it("checks the Capacity Scheduler documentation's hierarchy as it will load, though it has no jobs yet", async () => {
    expect(await main(['import', 'hadoop-conf', CONF_DIRS.capacityHierarchy, '--nodes', '3'])).toBe(0);
    expect(cli.out).toMatch(/^# Imported from .* by mrsched import hadoop-conf\.\n/);
    expect(cli.err).toMatch(/note: no jobs yet/);
  });
});

describe('mrsched import hadoop-conf: mistakes', () => {
  it('refuses a directory with none of the files, exiting 2, and writes nothing', async () => {
    const target = join(cli.dir, 'out.yaml');
    expect(await main(['import', 'hadoop-conf', cli.dir, '--nodes', '2', '--out', target])).toBe(2);
    expect(cli.err).toMatch(/found none of them/);
    expect(existsSync(target)).toBe(false);
  });

  it('asks for --nodes when there is no rack table, and refuses a --nodes that is not a whole number', async () => {
    expect(await main(['import', 'hadoop-conf', CONF_DIRS.capacityShipped])).toBe(2);
    expect(cli.err).toMatch(/--nodes: expected a rack table in the directory .* or --nodes N, found neither/);
    expect(await main(['import', 'hadoop-conf', CONF_DIRS.capacityShipped, '--nodes', 'ten'])).toBe(2);
    expect(cli.err).toMatch(/--nodes <n>' argument 'ten' is invalid\. expected a whole number ≥ 1/);
  });

  it('names the file, line and property of a bad value', async () => {
    cli.file('yarn-site.xml', '<configuration>\n  <property><name>yarn.nodemanager.resource.cpu-vcores</name><value>eight</value></property>\n</configuration>\n');
    expect(await main(['import', 'hadoop-conf', cli.dir, '--nodes', '2'])).toBe(2);
    expect(cli.err).toMatch(/^mrsched: .*yarn-site\.xml: 1 problem\n {2}.*yarn-site\.xml:2:3: yarn\.nodemanager\.resource\.cpu-vcores: expected a whole number ≥ -1, found 'eight'\n$/);
  });

  it('says what --jobs should be when its start says nothing', async () => {
    cli.file('yarn-site.xml', '<configuration/>');
    const jobs = cli.file('jobs.txt', 'hello\n');
    expect(await main(['import', 'hadoop-conf', cli.dir, '--nodes', '2', '--jobs', jobs])).toBe(2);
    expect(cli.err).toMatch(/jobs\.txt: expected a trace \(SWIM, Rumen, SLS\) or a scenario file .*--jobs-format swim\|rumen\|sls\|scenario/);
  });
});
