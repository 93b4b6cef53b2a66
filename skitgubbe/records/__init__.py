"""Game records, disputed-case files and the library of cases shipped with the package."""
