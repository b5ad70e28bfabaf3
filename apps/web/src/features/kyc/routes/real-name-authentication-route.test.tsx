import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuthenticationDetail } from '@bourse/shared/schemas/kyc';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleSupport, sampleUser } from '../../../test/render-app';

const DETAIL = 'GET /api/user/authenticationDetail';
const SUBMIT = 'POST /api/user/authentication';

function logIn(kycStatus: AuthenticationDetail['status'] = 'none') {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: { ...sampleUser, kycStatus } });
  useSessionStore.getState().setConfig(sampleConfig);
}

const photo = (name: string, type = 'image/jpeg', bytes = 2048) => new File([new Uint8Array(bytes)], name, { type });

// jsdom has no object URLs; these stand in for the browser's and record what is revoked.
let createdUrls: string[];
let revokedUrls: string[];
beforeEach(() => {
  createdUrls = [];
  revokedUrls = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: (file: File) => {
      const url = `blob:preview-${createdUrls.length + 1}-${file.name}`;
      createdUrls.push(url);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    writable: true,
    value: (url: string) => revokedUrls.push(url),
  });
});

const frontInput = () => screen.getByLabelText(/Front of the document/);
const backInput = () => screen.getByLabelText(/Back of the document/);

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Full name'), '  Ada   Lovelace ');
  await user.type(screen.getByLabelText('Document number'), 'ab-123456');
  await user.click(screen.getByRole('radio', { name: 'Passport' }));
  await user.upload(frontInput(), photo('front.jpg'));
  await user.upload(backInput(), photo('back.png', 'image/png', 4096));
}

describe('identity verification screen', () => {
  it('submits the details and both photos as multipart, then shows the submission in review', async () => {
    logIn();
    let detail: AuthenticationDetail = { status: 'none' };
    const { sent } = mockFetch({
      [DETAIL]: () => ok(detail),
      [SUBMIT]: () => {
        detail = {
          status: 'in_review',
          realName: 'Ada Lovelace',
          idNumberMasked: '*****3456',
          docType: 'passport',
          submittedAt: '2026-11-23T09:00:00.000Z',
        };
        return ok(detail);
      },
    });
    const user = userEvent.setup();
    renderApp('/realNameAuthentication');

    expect(await screen.findByRole('heading', { level: 1, name: 'Identity verification' })).toBeInTheDocument();
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    await fillIn(user);

    // Both previews show the chosen photos through object URLs.
    expect(screen.getByRole('img', { name: 'Preview: Front of the document' })).toHaveAttribute(
      'src',
      'blob:preview-1-front.jpg',
    );
    expect(screen.getByRole('img', { name: 'Preview: Back of the document' })).toHaveAttribute(
      'src',
      'blob:preview-2-back.png',
    );

    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));

    expect(await screen.findByText('Upload successful')).toBeInTheDocument();
    const request = sent.find((r) => `${r.method} ${r.url}` === SUBMIT) as SentRequest;
    expect(request.headers.token).toBe('token-1');
    expect(request.headers['content-type']).toBeUndefined();
    const form = request.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['realName', 'idNumber', 'docType', 'front', 'back']);
    expect(form.get('realName')).toBe('Ada Lovelace');
    expect(form.get('idNumber')).toBe('AB-123456');
    expect(form.get('docType')).toBe('passport');
    expect((form.get('front') as File).name).toBe('front.jpg');
    expect((form.get('back') as File).size).toBe(4096);

    // The form gives way to the state of the submission, and the user's status follows everywhere.
    expect(await screen.findByText(/We have received your documents/)).toBeInTheDocument();
    expect(screen.getByText('In review')).toBeInTheDocument();
    expect(screen.getByText('*****3456')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for verification' })).not.toBeInTheDocument();
    expect(useSessionStore.getState().userInfo?.kycStatus).toBe('in_review');
    // Unmounting the form released both previews.
    await waitFor(() => expect(revokedUrls.sort()).toEqual([...createdUrls].sort()));
  });

  it('refuses to send until everything is filled in, with the spec’s message', async () => {
    logIn();
    const { sent } = mockFetch({ [DETAIL]: () => ok({ status: 'none' }) });
    const user = userEvent.setup();
    renderApp('/realNameAuthentication');

    await user.click(await screen.findByRole('button', { name: 'Submit for verification' }));

    expect(
      await screen.findByText('Document front and back must be uploaded; all information must be filled'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Document number')).toHaveAttribute('aria-invalid', 'true');
    expect(frontInput()).toHaveAttribute('aria-invalid', 'true');
    expect(backInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('This field is required')).toHaveLength(5);

    // One photo is still not both.
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Document number'), 'AB123456');
    await user.click(screen.getByRole('radio', { name: 'Identity card' }));
    await user.upload(frontInput(), photo('front.jpg'));
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(backInput()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('checks the name and the document number against the server’s rules', async () => {
    logIn();
    const { sent } = mockFetch({ [DETAIL]: () => ok({ status: 'none' }) });
    const user = userEvent.setup();
    renderApp('/realNameAuthentication');

    await user.type(await screen.findByLabelText('Full name'), 'Agent 007');
    await user.type(screen.getByLabelText('Document number'), 'AB/1234');
    await user.click(screen.getByRole('radio', { name: 'Residence permit' }));
    await user.upload(frontInput(), photo('front.jpg'));
    await user.upload(backInput(), photo('back.jpg'));
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));

    expect(await screen.findByText(/Enter your name in letters only/)).toBeInTheDocument();
    expect(screen.getByText('The document number may contain only letters, digits and dashes')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Document number'));
    await user.type(screen.getByLabelText('Document number'), 'A1');
    expect(screen.getByText('The document number must have between 5 and 32 characters')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('refuses a file that is not a JPEG, PNG or WebP image, or larger than 8 MB, before uploading', async () => {
    logIn();
    mockFetch({ [DETAIL]: () => ok({ status: 'none' }) });
    // The picker's accept filter would hide the PDF; a user can still pick one ("all files").
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/realNameAuthentication');

    await user.upload(await screen.findByLabelText(/Front of the document/), photo('scan.pdf', 'application/pdf'));
    expect(await screen.findByText('Please choose a JPEG, PNG or WebP image')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview: Front of the document' })).not.toBeInTheDocument();
    expect(createdUrls).toEqual([]);

    const huge = photo('huge.jpg');
    Object.defineProperty(huge, 'size', { value: 8 * 1024 * 1024 + 1 });
    await user.upload(backInput(), huge);
    expect(await screen.findByText('The image must not be larger than 8 MB')).toBeInTheDocument();

    // A good photo clears the side's problem.
    await user.upload(frontInput(), photo('front.webp', 'image/webp'));
    expect(screen.queryByText('Please choose a JPEG, PNG or WebP image')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview: Front of the document' })).toBeInTheDocument();
  });

  it('revokes the preview of a photo when another is chosen for the same side', async () => {
    logIn();
    mockFetch({ [DETAIL]: () => ok({ status: 'none' }) });
    const user = userEvent.setup();
    renderApp('/realNameAuthentication');

    await user.upload(await screen.findByLabelText(/Front of the document/), photo('first.jpg'));
    expect(screen.getByText('Choose another photo')).toBeInTheDocument();
    await user.upload(frontInput(), photo('second.jpg'));

    expect(revokedUrls).toEqual(['blob:preview-1-first.jpg']);
    expect(screen.getByRole('img', { name: 'Preview: Front of the document' })).toHaveAttribute(
      'src',
      'blob:preview-2-second.jpg',
    );
  });

  it('shows the compliance team’s reason and lets the user submit again, starting from the last details', async () => {
    logIn('resubmit');
    mockFetch({
      [DETAIL]: () =>
        ok({
          status: 'resubmit',
          realName: 'Ada Lovelace',
          idNumberMasked: '*****3456',
          docType: 'passport',
          reason: 'The back image is blurred.',
          submittedAt: '2026-11-23T09:00:00.000Z',
        }),
    });
    renderApp('/realNameAuthentication');

    expect(await screen.findByText('The back image is blurred.')).toBeInTheDocument();
    expect(screen.getByText('Reason given by our compliance team')).toBeInTheDocument();
    expect(screen.getByText('Please resubmit')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('radio', { name: 'Passport' })).toBeChecked();
    expect(screen.getByLabelText('Document number')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit for verification' })).toBeInTheDocument();
  });

  it('offers no form once verified', async () => {
    logIn('approved');
    mockFetch({
      [DETAIL]: () =>
        ok({ status: 'approved', realName: 'Ada Lovelace', idNumberMasked: '*****3456', docType: 'id_card' }),
    });
    renderApp('/realNameAuthentication');

    expect(await screen.findByText('Your identity has been verified.')).toBeInTheDocument();
    expect(screen.getByText('Identity card')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for verification' })).not.toBeInTheDocument();
  });

  it('keeps the form and the photos when the server refuses, showing its message', async () => {
    logIn();
    mockFetch({
      [DETAIL]: () => ok({ status: 'none' }),
      [SUBMIT]: () => failure(415, 'UNSUPPORTED_MEDIA_TYPE', 'This content type is not supported'),
    });
    const user = userEvent.setup();
    renderApp('/realNameAuthentication');
    await fillIn(user);

    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));

    expect(await screen.findByText('This content type is not supported')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview: Front of the document' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('  Ada   Lovelace ');
    expect(revokedUrls).toEqual([]);
  });

  it('says the upload failed when the connection does', async () => {
    logIn();
    mockFetch({
      [DETAIL]: () => ok({ status: 'none' }),
      [SUBMIT]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const user = userEvent.setup();
    renderApp('/realNameAuthentication');
    await fillIn(user);

    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));

    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
  });

  it('is reached from the Me tab, which shows the status, and from the home account card', async () => {
    logIn('resubmit');
    mockFetch({
      'GET /api/user/info': () => ok({ ...sampleUser, kycStatus: 'resubmit' }),
      'GET /api/stock/kefu': () => ok(sampleSupport),
      [DETAIL]: () => ok({ status: 'resubmit', reason: 'Blurred' }),
    });
    const user = userEvent.setup();
    renderApp('/my');

    const entry = await screen.findByRole('link', { name: /Identity verification\s*Please resubmit/ });
    expect(entry).toHaveAttribute('href', '/realNameAuthentication');
    await user.click(entry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Identity verification' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/realNameAuthentication');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('link', { name: 'Home' }));
    const card = await screen.findByRole('link', { name: 'Identity verification: Please resubmit' });
    expect(within(card).getByText('Please resubmit')).toBeInTheDocument();
    expect(card).toHaveAttribute('href', '/realNameAuthentication');
  });

  it('offers a retry when the status cannot be loaded', async () => {
    logIn();
    let calls = 0;
    mockFetch({
      [DETAIL]: () => {
        calls += 1;
        // The query client retries a lost connection once by itself; then the screen offers to.
        return calls <= 2 ? Promise.reject(new TypeError('Failed to fetch')) : ok({ status: 'none' });
      },
    });
    const user = userEvent.setup();
    renderApp('/realNameAuthentication');

    await user.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5_000 }));
    expect(await screen.findByRole('button', { name: 'Submit for verification' })).toBeInTheDocument();
  });
});
