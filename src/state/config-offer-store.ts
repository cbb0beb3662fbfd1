import { create } from 'zustand';

/**
 * A config handed to the page, waiting for the user to look at it: a share link's `#config=` fragment, a file chosen
 * with Share config → Upload config, or a file opened or dropped as a transcript that turned out to be a config.
 * `text` is what it carried, unread: the share feature reads it and previews it, and nothing is applied until Apply.
 */
export interface ConfigOffer {
  from: 'link' | 'upload' | 'load';
  /** The file's name, or "a shared link". */
  name: string;
  /** The fragment (`#config=…`) of a link, the text of a file. */
  text: string;
}

/** The config offered for preview, if any (one at a time: a newer offer replaces an unanswered one). */
export interface ConfigOfferState {
  offer?: ConfigOffer;
  configOffered(offer: ConfigOffer): void;
  /** Applied or cancelled: the preview closes. */
  offerAnswered(): void;
}

/** The page's pending config offer (in memory only). */
export const useConfigOfferStore = create<ConfigOfferState>()((set) => ({
  configOffered: (offer) => set({ offer }),
  offerAnswered: () => set({ offer: undefined }),
}));
