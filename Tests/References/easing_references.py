#!/usr/bin/env python3
"""Independent reference values for Tests/DragPhysicsTests (mpmath, 40 significant digits).

Run: python3 Tests/References/easing_references.py
Cubic-bezier references solve x(t) = x with mpmath.findroot (anderson/bisection on a bracket);
spring references integrate the ODE m x'' + c x' + k x = k numerically (mpmath.odefun, Taylor series),
not the closed forms used by the implementation; Penner values evaluate easings.net's formulas in
40-digit arithmetic; the velocity reference is numpy.polyfit.
"""
from mpmath import mp, mpf, cos, sin, pi, sqrt, findroot, odefun, log, exp
import numpy as np

mp.dps = 40

def penner(family, mode, t):
    t = mpf(t)
    c1 = mpf('1.70158'); c2 = c1 * mpf('1.525'); c3 = c1 + 1
    c4 = 2 * pi / 3; c5 = 2 * pi / mpf('4.5')
    def bounce_out(x):
        n1 = mpf('7.5625'); d1 = mpf('2.75')
        if x < 1 / d1: return n1 * x * x
        if x < 2 / d1: x = x - mpf('1.5') / d1; return n1 * x * x + mpf('0.75')
        if x < mpf('2.5') / d1: x = x - mpf('2.25') / d1; return n1 * x * x + mpf('0.9375')
        x = x - mpf('2.625') / d1; return n1 * x * x + mpf('0.984375')
    powers = {'quad': 2, 'cubic': 3, 'quart': 4, 'quint': 5}
    if family in powers:
        n = powers[family]
        if mode == 'in': return t ** n
        if mode == 'out': return 1 - (1 - t) ** n
        return 2 ** (n - 1) * t ** n if t < 0.5 else 1 - (-2 * t + 2) ** n / 2
    if family == 'sine':
        return {'in': 1 - cos(t * pi / 2), 'out': sin(t * pi / 2), 'inOut': -(cos(pi * t) - 1) / 2}[mode]
    if family == 'expo':
        if mode == 'in': return mpf(2) ** (10 * t - 10)
        if mode == 'out': return 1 - mpf(2) ** (-10 * t)
        return mpf(2) ** (20 * t - 10) / 2 if t < 0.5 else (2 - mpf(2) ** (-20 * t + 10)) / 2
    if family == 'circ':
        if mode == 'in': return 1 - sqrt(1 - t ** 2)
        if mode == 'out': return sqrt(1 - (t - 1) ** 2)
        return (1 - sqrt(1 - (2 * t) ** 2)) / 2 if t < 0.5 else (sqrt(1 - (-2 * t + 2) ** 2) + 1) / 2
    if family == 'back':
        if mode == 'in': return c3 * t ** 3 - c1 * t ** 2
        if mode == 'out': return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2
        if t < 0.5: return ((2 * t) ** 2 * ((c2 + 1) * 2 * t - c2)) / 2
        return ((2 * t - 2) ** 2 * ((c2 + 1) * (t * 2 - 2) + c2) + 2) / 2
    if family == 'elastic':
        if mode == 'in': return -mpf(2) ** (10 * t - 10) * sin((t * 10 - mpf('10.75')) * c4)
        if mode == 'out': return mpf(2) ** (-10 * t) * sin((t * 10 - mpf('0.75')) * c4) + 1
        if t < 0.5: return -(mpf(2) ** (20 * t - 10) * sin((20 * t - mpf('11.125')) * c5)) / 2
        return (mpf(2) ** (-20 * t + 10) * sin((20 * t - mpf('11.125')) * c5)) / 2 + 1
    if family == 'bounce':
        if mode == 'in': return 1 - bounce_out(1 - t)
        if mode == 'out': return bounce_out(t)
        return (1 - bounce_out(1 - 2 * t)) / 2 if t < 0.5 else (1 + bounce_out(2 * t - 1)) / 2
    raise ValueError(family)

def bezier(x1, y1, x2, y2, x):
    x1, y1, x2, y2, x = map(mpf, (x1, y1, x2, y2, x))
    bx = lambda t: 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t ** 2 * x2 + t ** 3
    by = lambda t: 3 * (1 - t) ** 2 * t * y1 + 3 * (1 - t) * t ** 2 * y2 + t ** 3
    t = findroot(lambda t: bx(t) - x, (mpf(0), mpf(1)), solver='bisect', tol=mpf(10) ** -35, maxsteps=200)
    return by(t)

def bezier_exact_input(x1, y1, x2, y2, x):
    """y at the exact binary value of the double x (mpf(float) is exact), by 400 bisection steps at 60 digits:
    needed next to points where x'(t) = 0, where y(x) has an infinite slope."""
    with mp.workdps(60):
        x1, y1, x2, y2 = map(mpf, (x1, y1, x2, y2)); x = mpf(x)
        bx = lambda t: 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t ** 2 * x2 + t ** 3
        by = lambda t: 3 * (1 - t) ** 2 * t * y1 + 3 * (1 - t) * t ** 2 * y2 + t ** 3
        lo, hi = mpf(0), mpf(1)
        for _ in range(400):
            mid = (lo + hi) / 2
            if bx(mid) < x: lo = mid
            else: hi = mid
        return by((lo + hi) / 2)

def spring(mass, stiffness, damping, eps, progress_values):
    m, k, c, eps = map(mpf, (mass, stiffness, damping, eps))
    # ODE: x'' = (k (1 - x) - c x') / m, x(0) = 0, x'(0) = 0.
    f = odefun(lambda tau, y: [y[1], (k * (1 - y[0]) - c * y[1]) / m], 0, [mpf(0), mpf(0)])
    w0 = sqrt(k / m); zeta = c / (2 * sqrt(k * m))
    if zeta < 1:
        T = log(1 / (eps * sqrt(1 - zeta ** 2))) / (zeta * w0)
    else:  # monotone: find 1 - x(T) = eps from the ODE solution
        T = findroot(lambda tau: 1 - f(tau)[0] - eps, (mpf('0.001'), mpf(20)), solver='bisect',
                     tol=mpf(10) ** -25, maxsteps=200)
    return T, [f(p * T)[0] for p in progress_values]

def show(label, value):
    print(f'{label} = {mp.nstr(value, 17)}')

if __name__ == '__main__':
    points = ['0.1', '0.25', '0.5', '0.7', '0.9']
    print('// Penner at', points)
    for fam in ['quad', 'cubic', 'quart', 'quint', 'sine', 'expo', 'circ', 'back', 'elastic', 'bounce']:
        for mode in ['in', 'out', 'inOut']:
            vals = ', '.join(mp.nstr(penner(fam, mode, p), 17) for p in points)
            print(f'("{fam}", "{mode}", [{vals}]),')
    print('// cubic-bezier')
    named = {'ease': (0.25, 0.1, 0.25, 1), 'easeIn': (0.42, 0, 1, 1), 'easeOut': (0, 0, 0.58, 1),
             'easeInOut': (0.42, 0, 0.58, 1), 'extreme1': (0, 1, 1, 0), 'extreme2': (1, 0, 0, 1),
             'extreme3': (0.5, -1, 0.5, 2)}
    xs = ['0.001', '0.1', '0.25', '0.5', '0.75', '0.9', '0.999']
    for name, cp in named.items():
        vals = ', '.join(mp.nstr(bezier(*cp, x), 17) for x in xs)
        print(f'("{name}", [{vals}]),')
    print('// cubic-bezier flat regions (x\'(t) = 0): inputs are doubles, references at their exact value')
    flat = {(0, 1, 0, 1): [1e-14, 5e-14, 1e-13, 1e-10, 1e-06, 0.001, 0.5, 0.999],
            (1, 0, 0, 1): [0.5 + 2 ** -52, 0.5 - 2 ** -53, 0.5 + 1e-15, 0.5 + 1e-13, 0.5 - 1e-13, 0.5 + 1e-10,
                           0.5 - 1e-9, 0.4999999, 0.5],
            (1, 0.5, 1, 0.5): [1 - 2 ** -53, 1 - 1e-14, 1 - 1e-12, 1 - 1e-9, 0.999999, 0.5, 1e-9],
            (0, 0.5, 0.5, 1): [1e-14, 5e-14, 1e-13, 1e-12]}
    for cp, xs in flat.items():
        print(f'{cp}: [' + ', '.join(f'({x!r}, {mp.nstr(bezier_exact_input(*cp, x), 20)})' for x in xs) + '],')
    print('// spring at progress 0.05, 0.1, 0.3, 0.5, 0.8')
    prog = [mpf('0.05'), mpf('0.1'), mpf('0.3'), mpf('0.5'), mpf('0.8')]
    for (m, k, c) in [(1, 100, 10), (1, 100, 20), (2, 50, 40)]:
        T, vals = spring(m, k, c, '0.001', prog)
        print(f'mass {m} stiffness {k} damping {c}: T = {mp.nstr(T, 17)}, values = [' +
              ', '.join(mp.nstr(v, 17) for v in vals) + ']')
    print('// velocity: quadratic least squares (numpy.polyfit) on noisy samples')
    ts = np.array([0.0, 0.011, 0.019, 0.032, 0.041, 0.048, 0.062, 0.070, 0.083, 0.090])
    xs_ = np.array([10.0, 14.2, 18.9, 25.1, 30.4, 33.0, 41.7, 45.2, 52.9, 56.1])
    ys_ = np.array([200.0, 199.1, 197.5, 196.8, 195.0, 193.2, 191.9, 190.1, 187.7, 186.0])
    for name, arr in [('vx', xs_), ('vy', ys_)]:
        coeff = np.polyfit(ts - ts[-1], arr, 2)   # highest degree first: c, b, a
        print(f'{name} at release (t = 0.090) = {coeff[1]!r}')
