/**
 * A first-in first-out queue whose `shift` costs the same however long it is (an array's own
 * `shift` moves every element: thousands of a burst's waiting requests, once per request).
 */
export class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  peek(): T | undefined {
    return this.head < this.items.length ? this.items[this.head] : undefined;
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head] as T;
    this.head += 1;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.items.length) {
      // What was taken is let go of once it is most of the array.
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
