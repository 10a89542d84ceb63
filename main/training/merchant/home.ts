/**
 * The store this training lane belongs to: the first outlet of the training merchant book, fixed
 * by its seed. Apart from data.ts, which builds the whole book when it loads (the core needs only
 * this id at start, the book when the merchant simulator first starts); data.ts checks the two agree.
 */
export const TRAINING_HOME_MERCHANT_ID = 700025;
