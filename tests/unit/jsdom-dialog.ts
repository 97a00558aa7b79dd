/** jsdom has <dialog> without its modal methods: open and close it as the browser would (src/ui/Dialog.tsx calls them). */
export function withDialogMethods() {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}
