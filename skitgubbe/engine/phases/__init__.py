"""The phase styles: one module per way of playing phase 1 or phase 2, chosen by `styles`."""
