import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * deploy/nginx.conf as the cluster suite runs it: the very site file, with its ports and paths
 * replaced by the suite's (each replacement must find its line, so the file and the suite cannot
 * drift apart), inside the few lines of main configuration a Debian install keeps in
 * /etc/nginx/nginx.conf. Returns the path of the file to give `nginx -c`.
 */
export function writeClusterNginxConfig(options: { dir: string; listen: number; upstreams: number[]; clientDir: string }): string {
  const { dir, listen, upstreams, clientDir } = options;
  let site = fs.readFileSync(path.resolve('deploy/nginx.conf'), 'utf8');
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(site)) throw new Error(`deploy/nginx.conf no longer has a line matching ${pattern}: update tests/cluster/nginx-config.ts`);
    site = site.replace(pattern, () => by);
  };
  const servers = upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n');
  replace(/( {4}server 127\.0\.0\.1:\d+ max_fails=1 fail_timeout=5s;\n)+/, `${servers}\n`);
  replace(/listen 80;/, `listen 127.0.0.1:${listen};`);
  replace(/root \/srv\/nasma\/dist\/client;/, `root ${clientDir};`);
  replace(/\/var\/cache\/nginx\/nasma-pictures/, path.join(dir, 'cache'));
  replace(/access_log \/var\/log\/nginx\/nasma-access\.log;/, `access_log ${path.join(dir, 'access.log')};`);
  replace(/error_log \/var\/log\/nginx\/nasma-error\.log warn;/, `error_log ${path.join(dir, 'error.log')} warn;`);
  // Started as root, nginx's workers run as nobody: they must reach and write these folders.
  fs.mkdirSync(path.join(dir, 'cache'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'temp'), { recursive: true });
  for (let folder = dir; folder.startsWith(os.tmpdir() + path.sep); folder = path.dirname(folder)) fs.chmodSync(folder, 0o755);
  for (const folder of ['cache', 'temp']) fs.chmodSync(path.join(dir, folder), 0o777);
  fs.writeFileSync(path.join(dir, 'nasma-site.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  // Started as root (CI), the workers run as root too, so they read the built assets wherever the
  // checkout is: a clone under a private temporary folder (mode 700) is out of nobody's reach.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const main = `# Written by tests/cluster/nginx-config.ts for one run of the cluster suite.
${user}worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    ${temp('client_body')}
    ${temp('proxy')}
    ${temp('fastcgi')}
    ${temp('uwsgi')}
    ${temp('scgi')}
    include ${path.join(dir, 'nasma-site.conf')};
}
`;
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, main);
  return file;
}
