import { useEffect, useState } from 'react';
import type { Address } from 'viem';
import type { AccountService } from '../accounts/account-service';
import type { HeldAccount } from '../keys/key-store';
import type { PendingPrompt, Prompt, PromptAnswer } from '../rpc/prompts';
import type { TypedDataField } from '../rpc/typed-data';
import type { WalletMode } from '../wallet-services';
import { formatEth, formatUnixSeconds, originHost, shortAddress } from './format';

interface PromptViewProps<K extends Prompt['kind']> {
  pending: PendingPrompt & { prompt: Extract<Prompt, { kind: K }> };
  onApprove: (answer?: PromptAnswer) => void;
  onCancel: () => void;
}

function Working({ text }: { text: string }) {
  return (
    <p className="wallet__working" role="status">
      <span className="wallet__spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

function Actions({
  approveLabel,
  isWorking,
  onApprove,
  onCancel,
}: {
  approveLabel: string;
  isWorking: boolean;
  onApprove: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="wallet__actions">
      <button type="button" className="button button--ghost" onClick={onCancel} disabled={isWorking}>
        Cancel
      </button>
      <button type="button" className="button button--primary" onClick={onApprove} disabled={isWorking}>
        {approveLabel}
      </button>
    </div>
  );
}

function AccountLine({ address }: { address: Address }) {
  return (
    <p className="wallet__account-line">
      Account <code title={address}>{shortAddress(address)}</code>
    </p>
  );
}

export function ConnectView({
  pending,
  onApprove,
  onCancel,
  accounts,
  mode = 'smart-account',
}: PromptViewProps<'connect'> & { accounts: AccountService; mode?: WalletMode }) {
  const isExternal = mode === 'external';
  const [held, setHeld] = useState<HeldAccount[] | undefined>();
  const [isCreating, setIsCreating] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    accounts.listAccounts().then(setHeld, () => setError('Your accounts could not be read in this browser.'));
  }, [accounts]);
  const isWorking = isCreating || pending.status === 'working';

  const create = async () => {
    setIsCreating(true);
    setError(undefined);
    try {
      const account = await accounts.createAccount();
      onApprove({ address: account.address });
    } catch {
      setError('The account could not be created. Is the chain reachable? Please try again.');
      setIsCreating(false);
    }
  };

  return (
    <section className="wallet__card" aria-labelledby="connect-title">
      <h2 id="connect-title" className="wallet__card-title">
        {isExternal ? 'Connect a wallet to' : 'Sign in to'} {originHost(pending.prompt.origin)}
      </h2>
      <p className="wallet__muted">
        {isExternal
          ? 'Choose the external wallet (a plain key, no smart account) this site may see. It will ask you before anything is signed.'
          : 'Choose the smart account this site may see. It will ask you before anything is signed or sent.'}
      </p>
      {held === undefined && !error ? <Working text="Reading your accounts…" /> : null}
      {held && held.length > 0 ? (
        <ul className="wallet__accounts" aria-label="Your accounts">
          {held.map((account) => (
            <li key={account.address} className="wallet__account">
              <span className="wallet__account-id">
                <code id={`account-${account.address}`} title={account.address}>
                  {shortAddress(account.address)}
                </code>
                <span className="wallet__muted wallet__small">
                  created {new Date(account.createdAtMs).toLocaleDateString('en-GB')}
                </span>
              </span>
              <button
                type="button"
                className="button button--primary"
                aria-describedby={`account-${account.address}`}
                disabled={isWorking}
                onClick={() => onApprove({ address: account.address })}
              >
                Continue
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {held && held.length === 0 ? (
        <p className="wallet__muted">
          {isExternal ? 'This browser holds no external wallet yet.' : 'This browser holds no account yet.'}
        </p>
      ) : null}
      {isCreating ? <Working text="Creating your account…" /> : null}
      {error ? (
        <p className="wallet__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="wallet__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={isWorking}>
          Cancel
        </button>
        <button type="button" className="button button--secondary" onClick={create} disabled={isWorking}>
          {isExternal ? 'Create wallet' : 'Create account'}
        </button>
      </div>
    </section>
  );
}

type TypedDataContent = Extract<Prompt, { kind: 'sign' }>['content'] & { type: 'typed-data' };

function FieldList({ fields, label }: { fields: TypedDataField[]; label?: string }) {
  return (
    <dl className="wallet__fields" aria-label={label}>
      {fields.map((field) => (
        <div key={field.name} className="wallet__field">
          <dt>
            {field.name} <span className="wallet__muted wallet__small">{field.type}</span>
          </dt>
          <dd>{'value' in field ? <code>{field.value}</code> : <FieldList fields={field.fields} />}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Typed data shown as what the signature allows: who may use it (the domain), for what (the type and fields). */
function TypedDataDetails({ content }: { content: TypedDataContent }) {
  const { domain, primaryType, fields } = content;
  return (
    <>
      <p className="wallet__allows" data-testid="signature-allows">
        Your signature lets {domain.name ? <strong>{domain.name}</strong> : 'an unnamed app'}
        {domain.verifyingContract ? (
          <>
            {' '}
            (contract <code>{shortAddress(domain.verifyingContract)}</code>)
          </>
        ) : null}{' '}
        accept this <strong>{primaryType}</strong> as approved by your account
        {domain.chainId === undefined ? ', on any chain' : ` on chain ${domain.chainId}`}.
      </p>
      <dl className="wallet__details" aria-label="Domain">
        <div className="wallet__detail-group">
          <dt>Name</dt>
          <dd>{domain.name ?? '(none)'}</dd>
          {domain.version !== undefined ? (
            <>
              <dt>Version</dt>
              <dd>{domain.version}</dd>
            </>
          ) : null}
          <dt>Chain</dt>
          <dd>{domain.chainId ?? '(any)'}</dd>
          <dt>Verifying contract</dt>
          <dd>{domain.verifyingContract ? <code>{domain.verifyingContract}</code> : '(none)'}</dd>
          {domain.salt !== undefined ? (
            <>
              <dt>Salt</dt>
              <dd>
                <code className="wallet__data">{domain.salt}</code>
              </dd>
            </>
          ) : null}
        </div>
      </dl>
      <p className="wallet__small">
        Type: <strong>{primaryType}</strong>
      </p>
      <FieldList fields={fields} label={`${primaryType} fields`} />
    </>
  );
}

export function SignView({ pending, onApprove, onCancel }: PromptViewProps<'sign'>) {
  const { prompt } = pending;
  const isWorking = pending.status === 'working';
  return (
    <section className="wallet__card" aria-labelledby="sign-title">
      <h2 id="sign-title" className="wallet__card-title">
        Signature request
      </h2>
      <p className="wallet__muted">{originHost(prompt.origin)} asks you to sign:</p>
      <AccountLine address={prompt.address} />
      {prompt.content.type === 'typed-data' ? (
        <TypedDataDetails content={prompt.content} />
      ) : (
        <>
          <pre className="wallet__message" data-testid="message-to-sign">
            {prompt.content.text}
          </pre>
          <p className="wallet__muted wallet__small">
            Signing proves you own this account. It costs nothing.
          </p>
        </>
      )}
      {isWorking ? <Working text="Signing…" /> : null}
      <Actions approveLabel="Sign" isWorking={isWorking} onApprove={() => onApprove()} onCancel={onCancel} />
    </section>
  );
}

function GasLine({ isSponsored }: { isSponsored: boolean }) {
  return (
    <p className="wallet__small">
      Network fee:{' '}
      {isSponsored ? <strong>sponsored by the app</strong> : <strong>paid from this account</strong>}
    </p>
  );
}

export function TransactionView({ pending, onApprove, onCancel }: PromptViewProps<'transaction'>) {
  const { prompt } = pending;
  const isWorking = pending.status === 'working';
  return (
    <section className="wallet__card" aria-labelledby="transaction-title">
      <h2 id="transaction-title" className="wallet__card-title">
        Confirm transaction
      </h2>
      <p className="wallet__muted">{originHost(prompt.origin)} asks to send from your account:</p>
      <AccountLine address={prompt.address} />
      <dl className="wallet__details">
        {prompt.calls.map((call, index) => (
          // Calls have no identity of their own: their position is it.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <div key={index} className="wallet__detail-group">
            <dt>To</dt>
            <dd>
              <code>{call.to}</code>
            </dd>
            <dt>Amount</dt>
            <dd>{formatEth(call.value ?? 0n)}</dd>
            {call.data && call.data !== '0x' ? (
              <>
                <dt>Data</dt>
                <dd>
                  <code className="wallet__data">{call.data}</code>
                </dd>
              </>
            ) : null}
          </div>
        ))}
      </dl>
      <GasLine isSponsored={prompt.isSponsored} />
      {isWorking ? <Working text="Sending and waiting for the chain…" /> : null}
      <Actions
        approveLabel="Approve"
        isWorking={isWorking}
        onApprove={() => onApprove()}
        onCancel={onCancel}
      />
    </section>
  );
}

export function SessionKeyView({ pending, onApprove, onCancel }: PromptViewProps<'session-key'>) {
  const { prompt } = pending;
  const { policy } = prompt;
  const isWorking = pending.status === 'working';
  const { contractName, action } = prompt.call;
  return (
    <section className="wallet__card" aria-labelledby="session-title">
      <h2 id="session-title" className="wallet__card-title">
        Allow a session key
      </h2>
      <p className="wallet__muted">
        {originHost(prompt.origin)} asks for a key that may{' '}
        {action && contractName
          ? `${action} with ${contractName} for your account without asking you each time`
          : 'act for your account without asking you each time'}
        , only within these limits:
      </p>
      <AccountLine address={prompt.address} />
      <dl className="wallet__details">
        <div className="wallet__detail-group">
          <dt>Allowed action</dt>
          <dd>{action ?? <code>{policy.selector}</code>}</dd>
          <dt>Contract</dt>
          <dd>{contractName ?? <code>{policy.target}</code>}</dd>
          <dt>Session key</dt>
          <dd>
            <code>{policy.sessionKey}</code>
          </dd>
          <dt>Fee limit</dt>
          <dd>{formatEth(policy.feeLimitWei)}</dd>
          <dt>Expires</dt>
          <dd>{formatUnixSeconds(policy.validUntil)}</dd>
        </div>
      </dl>
      <GasLine isSponsored={prompt.isSponsored} />
      {isWorking ? <Working text="Registering the key on chain…" /> : null}
      <Actions
        approveLabel="Approve"
        isWorking={isWorking}
        onApprove={() => onApprove()}
        onCancel={onCancel}
      />
    </section>
  );
}
