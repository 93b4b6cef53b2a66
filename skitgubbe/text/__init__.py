"""Every word shown to a person, in Swedish and English: word tables in one shape (`phrases.PhraseBook`)."""
