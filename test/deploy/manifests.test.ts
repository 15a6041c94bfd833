/**
 * The Kubernetes manifests (deploy/k8s) agree with the service: they parse, every environment
 * name is a setting the service reads and every value is one it accepts, ports and probes are
 * the service's, selectors pick the right pods, the grace periods cover the drain, the memory
 * limits hold the render threads' heap caps, and the autoscalers watch what the service exports.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Registry } from 'prom-client';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, type Service } from '../../src/server/app.js';
import { loadConfig, type ServiceConfig } from '../../src/server/config.js';
import { createJobsMetrics } from '../../src/server/jobs/metrics.js';
import { ITEMS_QUEUE } from '../../src/server/jobs/unavailable.js';
import { CLOSE_MARGIN_MS } from '../../src/server/jobs/worker.js';

const ROOT = join(import.meta.dirname, '..', '..', 'deploy', 'k8s');

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [key: string]: unknown;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Probe {
  httpGet: { path: string; port: string | number };
}
interface Container {
  name: string;
  ports: { name: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string } }[];
  resources: {
    requests: { cpu: string; memory: string };
    limits: { cpu: string; memory: string };
  };
  startupProbe: Probe;
  livenessProbe: Probe;
  readinessProbe: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
}
interface Deployment extends K8sObject {
  spec: {
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string> };
      spec: { terminationGracePeriodSeconds: number; containers: Container[] };
    };
  };
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

function parse(path: string): K8sObject[] {
  const docs = parseAllDocuments(readFileSync(path, 'utf8'));
  for (const doc of docs) {
    expect(doc.errors, relative(ROOT, path)).toEqual([]);
  }
  return docs.map((d) => d.toJS() as K8sObject).filter(Boolean);
}

/** The objects a kustomization lists (resources and components, followed), as written. */
function kustomize(dir: string): K8sObject[] {
  const k = parse(join(dir, 'kustomization.yaml'))[0] as unknown as {
    resources?: string[];
    components?: string[];
  };
  return [...(k.resources ?? []), ...(k.components ?? [])].flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? kustomize(path) : parse(path);
  });
}

const base = kustomize(join(ROOT, 'base'));
const find = <T extends K8sObject>(kind: string, name: string): T => {
  const found = base.find((o) => o.kind === kind && o.metadata.name === name);
  expect(found, `${kind} ${name}`).toBeDefined();
  return found as T;
};
const configMap = find<K8sObject & { data: Record<string, string> }>('ConfigMap', 'a11ypdf-config');
const api = find<Deployment>('Deployment', 'a11ypdf-api');
const worker = find<Deployment>('Deployment', 'a11ypdf-worker');

/** A container's environment as the pod gets it (a Secret's value: a stand-in). */
function podEnv(c: Container): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of c.envFrom ?? []) {
    expect(from.configMapRef?.name).toBe(configMap.metadata.name);
    Object.assign(env, configMap.data);
  }
  for (const v of c.env ?? []) {
    if (v.value !== undefined) env[v.name] = v.value;
    else if (v.valueFrom?.secretKeyRef) env[v.name] = 'redis://redis.example:6379';
  }
  return env;
}

/** The config the pod's environment gives, and the names the service actually read. */
function configOf(env: Record<string, string>): { config: ServiceConfig; read: Set<string> } {
  const read = new Set<string>();
  const tracked = new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
    ownKeys: (target) => Reflect.ownKeys(target),
    getOwnPropertyDescriptor: (target, name) => Reflect.getOwnPropertyDescriptor(target, name),
  });
  return { config: loadConfig(tracked), read };
}

const mib = (q: string): number => {
  const m = /^(\d+)(Mi|Gi)$/.exec(q);
  expect(m, `memory quantity ${q}`).not.toBeNull();
  return Number(m![1]) * (m![2] === 'Gi' ? 1024 : 1);
};
const cpus = (q: string): number => (q.endsWith('m') ? Number(q.slice(0, -1)) / 1000 : Number(q));

describe('Kubernetes manifests', () => {
  it('parse, and every kustomization lists files that exist', () => {
    const files = yamlFiles(ROOT);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) parse(file);
    for (const file of files.filter((f) => f.endsWith('kustomization.yaml'))) {
      const k = parse(file)[0] as unknown as { resources?: string[]; components?: string[] };
      for (const entry of [...(k.resources ?? []), ...(k.components ?? [])]) {
        expect(existsSync(join(dirname(file), entry)), `${relative(ROOT, file)}: ${entry}`).toBe(
          true,
        );
      }
    }
  });

  describe.each([
    ['api', api],
    ['worker', worker],
  ] as const)('the %s Deployment', (role, deployment) => {
    const pod = deployment.spec.template;
    const [container] = pod.spec.containers;
    const env = podEnv(container);
    // Read in each test, so a refused setting fails the tests rather than their collection.
    const settings = () => configOf(env);

    it('sets only settings the service reads, to values it accepts, for its role', () => {
      const { config, read } = settings();
      const unknown = Object.keys(env).filter((name) => !read.has(name));
      expect(unknown, 'environment names the service does not read').toEqual([]);
      expect(config.role).toBe(role);
      expect(config.jobs).not.toBeNull();
    });

    it("exposes the service's ports and probes its health listener", () => {
      const { config } = settings();
      const http = container.ports.find((p) => p.name === 'http');
      expect(http?.containerPort).toBe(config.port);
      const health = container.ports.find((p) => p.name === 'health');
      expect(health?.containerPort).toBe(config.healthPort);
      expect(container.startupProbe.httpGet).toEqual({ path: '/health/live', port: 'health' });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'health' });
      expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'health' });
    });

    it('selects its own pods', () => {
      const labels = pod.metadata.labels;
      for (const [k, v] of Object.entries(deployment.spec.selector.matchLabels)) {
        expect(labels[k]).toBe(v);
      }
      expect(labels['app.kubernetes.io/component']).toBe(role);
    });

    it('has a grace period that covers the drain', () => {
      const { config } = settings();
      const grace = pod.spec.terminationGracePeriodSeconds * 1000;
      const preStop = Number(container.lifecycle?.preStop?.exec?.command[1] ?? 0) * 1000;
      const drain =
        role === 'worker'
          ? config.jobs!.drainTimeoutMs + config.uploadTimeoutMs + CLOSE_MARGIN_MS
          : config.requestTimeoutMs + config.uploadTimeoutMs;
      expect(grace).toBeGreaterThanOrEqual(preStop + drain);
    });

    it('has CPU for its render threads and memory for their heap caps', () => {
      const { config } = settings();
      const { requests, limits } = container.resources;
      expect(mib(requests.memory)).toBeLessThanOrEqual(mib(limits.memory));
      expect(cpus(requests.cpu)).toBeLessThanOrEqual(cpus(limits.cpu));
      expect(config.workers).toBeLessThanOrEqual(cpus(limits.cpu));
      // Each render thread may grow to its heap cap; the process around them needs ~130 MB.
      expect(mib(limits.memory)).toBeGreaterThanOrEqual(
        config.workers * config.workerMemoryMb + 128,
      );
    });
  });

  it('routes the Service to the API pods only, on their http port', () => {
    const service = find<
      K8sObject & { spec: { selector: Record<string, string>; ports: { targetPort: string }[] } }
    >('Service', 'a11ypdf');
    const matches = (d: Deployment) =>
      Object.entries(service.spec.selector).every(
        ([k, v]) => d.spec.template.metadata.labels[k] === v,
      );
    expect(matches(api)).toBe(true);
    expect(matches(worker)).toBe(false);
    expect(service.spec.ports[0].targetPort).toBe('http');
  });

  it('keeps disruption budgets for both kinds of pods', () => {
    const budgets = base.filter((o) => o.kind === 'PodDisruptionBudget') as (K8sObject & {
      spec: { selector: { matchLabels: Record<string, string> } };
    })[];
    for (const d of [api, worker]) {
      const covering = budgets.filter((b) =>
        Object.entries(b.spec.selector.matchLabels).every(
          ([k, v]) => d.spec.template.metadata.labels[k] === v,
        ),
      );
      expect(covering, d.metadata.name).toHaveLength(1);
    }
  });

  it('scales the API on CPU and the workers on the queue depth the service exports', async () => {
    const apiHpa = find<K8sObject & { spec: Record<string, unknown> }>(
      'HorizontalPodAutoscaler',
      'a11ypdf-api',
    );
    expect(apiHpa.spec).toMatchObject({
      scaleTargetRef: { kind: 'Deployment', name: 'a11ypdf-api' },
      metrics: [{ type: 'Resource', resource: { name: 'cpu' } }],
    });

    const registry = new Registry();
    createJobsMetrics(registry, async () => ({ waiting: 3, active: 0, delayed: 0, failed: 0 }));
    const exported = await registry.metrics();

    const prometheus = kustomize(join(ROOT, 'components', 'worker-autoscaling-prometheus'));
    const hpa = prometheus.find((o) => o.kind === 'HorizontalPodAutoscaler') as K8sObject & {
      spec: {
        scaleTargetRef: { name: string };
        metrics: { type: string; external: { metric: { name: string } } }[];
      };
    };
    expect(hpa.spec.scaleTargetRef.name).toBe(worker.metadata.name);
    const metric = hpa.spec.metrics[0].external.metric.name;
    expect(exported).toContain(`\n${metric} 3\n`);
    const rules = parse(
      join(ROOT, 'components', 'worker-autoscaling-prometheus', 'prometheus-adapter-rules.yaml'),
    )[0] as unknown as { rules: { external: { name: { as: string }; metricsQuery: string }[] } };
    expect(rules.rules.external[0].name.as).toBe(metric);
    expect(rules.rules.external[0].metricsQuery).toMatch(new RegExp(`^max\\(${metric}\\{`));

    const keda = kustomize(join(ROOT, 'components', 'worker-autoscaling-keda'))[0] as K8sObject & {
      spec: { scaleTargetRef: { name: string }; triggers: { metadata: { listName: string } }[] };
    };
    expect(keda.spec.scaleTargetRef.name).toBe(worker.metadata.name);
    const { config } = configOf(podEnv(worker.spec.template.spec.containers[0]));
    expect(keda.spec.triggers[0].metadata.listName).toBe(
      `${config.jobs!.prefix}:${ITEMS_QUEUE}:wait`,
    );
  });

  describe('the probed routes', () => {
    let service: Service;
    beforeAll(async () => {
      service = await buildService(
        loadConfig({ LOG_LEVEL: 'silent', WORKERS: '1', HEALTH_PORT: 'off' }),
      );
    });
    afterAll(() => service.shutdown());

    it('answer on the service (liveness 200, readiness 200 or 503)', async () => {
      const live = await service.app.inject({ method: 'GET', url: '/health/live' });
      expect(live.statusCode).toBe(200);
      const ready = await service.app.inject({ method: 'GET', url: '/health/ready' });
      expect([200, 503]).toContain(ready.statusCode);
    });
  });
});
