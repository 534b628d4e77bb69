"""Where Popeye's example and regression inputs and their checked-in outputs lie in its source
tree: FOLDER/x.inp (and FOLDER/lengthy/x.inp) is solved in REGRESSIONTESTS/x.EXT, German for
BEISPIEL, English for the others.
"""
import glob
import os

FOLDERS = {'BEISPIEL': 'out', 'EXAMPLES': 'ref', 'REGRESSIONS': 'reg', 'TESTS': 'tst'}


def inputs(popeye_src):
    """(input path, output path or None) for every input file, in a stable order."""
    pairs = []
    for folder, ext in FOLDERS.items():
        paths = glob.glob(os.path.join(popeye_src, folder, '*.inp'))
        paths += glob.glob(os.path.join(popeye_src, folder, 'lengthy', '*.inp'))
        for path in sorted(paths):
            name = os.path.splitext(os.path.basename(path))[0]
            output = os.path.join(popeye_src, 'REGRESSIONTESTS', f'{name}.{ext}')
            pairs.append((path, output if os.path.exists(output) else None))
    return pairs


def outputs(popeye_src):
    """Every checked-in output file."""
    folder = os.path.join(popeye_src, 'REGRESSIONTESTS')
    return sorted(p for ext in FOLDERS.values() for p in glob.glob(os.path.join(folder, f'*.{ext}')))


def short_name(path, popeye_src):
    return os.path.relpath(path, popeye_src)
