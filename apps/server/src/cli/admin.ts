import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { operatorPasswordRefusal } from '@atlas/contracts';
import { maintenanceConfig } from './ops-cli.js';

const USAGE = `Usage: npm run admin -- reset-password [--username NAME] [--password-stdin]

  Sets a new password for an account (by default ATLAS_ADMIN_USERNAME, 'admin'), removes its two-step sign-in and
  ends its sessions and API tokens. The password is read from standard input with --password-stdin, else taken from
  ATLAS_ADMIN_PASSWORD when it is set, else generated and printed once.`;

/**
 * `npm run admin -- reset-password`: the way back into an installation whose admin password is lost, run in the
 * server's folder with the server's environment (ATLAS_DATA_DIR or DATABASE_URL). With the embedded database the
 * server must be stopped first, as for backups. See README, Operations.
 */
async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        username: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 64;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== 'reset-password') {
    console.error(USAGE);
    return 64;
  }
  const config = maintenanceConfig('npm run admin');
  if (typeof config === 'number') return config;
  const fromStdin = values['password-stdin'] ? await readStandardInput() : undefined;
  if (fromStdin === '') {
    console.error('--password-stdin: standard input held no password.');
    return 64;
  }
  const chosen = fromStdin ?? config.admin.password;
  const source = fromStdin !== undefined ? 'The password on standard input' : 'ATLAS_ADMIN_PASSWORD';
  const refusal = chosen === undefined ? null : operatorPasswordRefusal(chosen, source);
  if (refusal) {
    console.error(refusal);
    return 65;
  }
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db'))) {
    // Opening PGlite would create an empty database here: say what is wrong instead.
    console.error(
      `There is no Atlas Portal database in ${config.dataDir} (ATLAS_DATA_DIR). Run this command in the server's ` +
        'folder with its environment, or start the server once: the first start creates the admin.',
    );
    return 65;
  }
  // Loaded only now: a refusal above answers in a second, without the accounts domain and the database driver.
  const { generatePassword, OperatorError, passwordBox, resetPasswordAsOperator } =
    await import('../domains/auth/index.js');
  const { appliedMigrations, openDatabase } = await import('../infra/db/index.js');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if ((await appliedMigrations(database.db)).length === 0) {
      console.error('The database holds no Atlas Portal tables: start the server once (npm start) to create them.');
      return 65;
    }
    const username = values.username ?? config.admin.username;
    const password = chosen ?? generatePassword();
    const reset = await resetPasswordAsOperator(database.db, { username, password, source });
    if (chosen === undefined) {
      const url = config.publicUrl ?? `http://localhost:${config.port}`;
      const sign = { url, username: reset.username, password };
      process.stdout.write(passwordBox(`Atlas Portal: new password for ${reset.username}`, sign));
    } else {
      const given = fromStdin !== undefined ? 'given on standard input' : 'in ATLAS_ADMIN_PASSWORD';
      console.log(`The password of ${reset.username} is now the one ${given}.`);
    }
    console.log(`Every session and API token of ${reset.username} has ended; the audit log records the reset.`);
    if (reset.second_factor_removed)
      console.log(`Its two-step sign-in was removed too: ${reset.username} may set it up again in User Settings.`);
    if (!reset.admin) console.log(`Note: ${reset.username} is not in the admin group.`);
    if (reset.blocked === 'disabled') {
      console.log(`Note: ${reset.username} is disabled and cannot sign in until another admin enables it.`);
    } else if (reset.blocked === 'unconfirmed') {
      console.log(`Note: ${reset.username} is not confirmed yet and cannot sign in until an admin confirms it.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof OperatorError) {
      console.error(error.message);
      return 65;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** All of standard input, less one trailing newline (`echo "$PW" | …`, or a file redirected in). */
async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

process.exit(await main());
