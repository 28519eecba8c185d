import { ShoppingBag } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import { Price } from '@vela/ui/Price';
import styles from './StickyBuyBar.module.css';

interface StickyBuyBarProps {
  /** The purchase block (options' Add to cart): the bar shows while it is out of view. */
  purchase: RefObject<HTMLElement | null>;
  name: string;
  price: { value: number | null | undefined; currency: string | null | undefined };
  isFrom: boolean;
  /** The option groups, and which of them is the first still to choose (-1: all chosen). */
  options: RefObject<HTMLElement | null>;
  missingIndex: number;
}

/**
 * On a phone the purchase block sits screens below the pictures; this bar keeps the price and an
 * "Add to cart" at the bottom of the screen while that block is out of view. The button does what
 * the page's own does (or leads to the options still to choose), so there is one cart control.
 * Wider screens never show it (CSS); the page loads it on demand once interactive, so it costs
 * the first load nothing.
 */
export function StickyBuyBar({ purchase, name, price, isFrom, options, missingIndex }: StickyBuyBarProps) {
  const [purchaseInView, setPurchaseInView] = useState(true);
  // Where the bar stands in the page (after the reviews): once that end is reached, the bar goes,
  // so it never covers the related products or the footer.
  const endRef = useRef<HTMLDivElement>(null);
  const [endBelow, setEndBelow] = useState(false);

  useEffect(() => {
    const purchaseElement = purchase.current;
    const endElement = endRef.current;
    if (!purchaseElement || !endElement || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.target === purchaseElement) setPurchaseInView(entry.isIntersecting);
        if (entry.target === endElement) {
          setEndBelow(!entry.isIntersecting && entry.boundingClientRect.top > (entry.rootBounds?.bottom ?? 0));
        }
      }
    });
    observer.observe(purchaseElement);
    observer.observe(endElement);
    return () => observer.disconnect();
  }, [purchase]);

  const shown = endBelow && !purchaseInView;
  return (
    <>
      <div ref={endRef} className={styles.end} />
      {shown && (
        <div className={styles.bar} data-testid="product-buy-bar">
          <div className={styles.summary}>
            <span className={styles.name}>{name}</span>
            {price.value != null && price.currency && (
              <span className={styles.price}>
                {isFrom ? (
                  <FormattedMessage
                    id="product.priceFrom"
                    defaultMessage="From {price}"
                    values={{ price: <Price value={price.value} currency={price.currency} /> }}
                  />
                ) : (
                  <Price value={price.value} currency={price.currency} />
                )}
              </span>
            )}
          </div>
          <Button className={styles.button} onClick={() => buyFromBar(options.current, purchase.current, missingIndex)}>
            <Icon icon={ShoppingBag} size={20} />
            <FormattedMessage id="cart.add.button" defaultMessage="Add to cart" />
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * What the bar's button does: with an option still to choose, bring that option's choices into
 * view and put the focus on its first choice (the page's hint says what is missing); otherwise
 * press the page's own Add to cart, whose message then shows beside it.
 */
function buyFromBar(options: HTMLElement | null, purchase: HTMLElement | null, missingIndex: number): void {
  if (missingIndex >= 0) {
    const group = options?.querySelectorAll('fieldset')[missingIndex];
    const choice = group?.querySelector<HTMLButtonElement>('button:not([disabled])');
    group?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    choice?.focus({ preventScroll: true });
    return;
  }
  purchase?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  // The slot's first button is the cart's own Add to cart (the wish-list heart comes after it).
  const add = purchase?.querySelector<HTMLButtonElement>('[data-slot="add-to-cart"] button');
  if (add && !add.disabled) add.click();
}

export default StickyBuyBar;
