"""Every word shown to a person, in Swedish and English."""
