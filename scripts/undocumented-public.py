#!/usr/bin/env python3
"""Lists public declarations (and cases of public enums) without a `///` doc comment right above them.

Usage: scripts/undocumented-public.py [DIR...]   (default: Sources/PlayerCore Sources/DragPhysics)
Exit status 1 if any is found. Attributes (`@inlinable`, `@discardableResult`, ...) between the comment
and the declaration are allowed. A `case a, b, c` line counts as one declaration.
"""
import pathlib
import re
import sys

DECL = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s')
ATTRIBUTE = re.compile(r'^\s*@\w+(?:\([^)]*\))?\s*$')
PUBLIC_ENUM = re.compile(r'^\s*(?:@\w+\s+)*public\s+(?:indirect\s+)?enum\s')
CASE = re.compile(r'^\s*case\s+\w')


def documented(lines, index):
    k = index - 1
    while k >= 0 and ATTRIBUTE.match(lines[k]):
        k -= 1
    return k >= 0 and lines[k].strip().startswith('///')


def check(path):
    lines = path.read_text(encoding='utf-8').split('\n')
    problems = []
    enum_depths = []  # brace depth at which each open public enum's body lives
    depth = 0
    for index, line in enumerate(lines):
        code = line.split('//')[0]
        in_public_enum = bool(enum_depths) and depth == enum_depths[-1]
        if DECL.match(line) or (in_public_enum and CASE.match(line)):
            if not documented(lines, index):
                problems.append(f'{path}:{index + 1}: {line.strip()}')
        if PUBLIC_ENUM.match(line):
            enum_depths.append(depth + 1)
        depth += code.count('{') - code.count('}')
        while enum_depths and depth < enum_depths[-1]:
            enum_depths.pop()
    return problems


def main():
    roots = sys.argv[1:] or ['Sources/PlayerCore', 'Sources/DragPhysics']
    problems = []
    for root in roots:
        for path in sorted(pathlib.Path(root).rglob('*.swift')):
            problems += check(path)
    print('\n'.join(problems) if problems else 'every public declaration has a doc comment')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
