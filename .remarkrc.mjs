/**
 * `npm run lint:docs` (part of `npm test`): remark-validate-links checks, without the network,
 * that every relative link in the Markdown files resolves to a file, and every `#anchor` to a
 * heading of that file (GitHub's slugs). Files and folders it skips: .remarkignore.
 */
import remarkValidateLinks from 'remark-validate-links';

export default {
  plugins: [
    // repository: false — no GitHub URL is rewritten into a local path; links stay as written.
    [remarkValidateLinks, { repository: false }],
  ],
};
