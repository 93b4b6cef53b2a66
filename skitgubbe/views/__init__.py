"""What a reader sees: HTML/SVG rendering, Replay frames, widgets, plots and the book's examples."""
