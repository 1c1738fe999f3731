# Builds and renders one picture of a demo apartment in Blender (Cycles on the CPU):
#   blender -b -noaudio --factory-startup -P scene.py -- <layout> <room> <out.png> [width height samples]
# layout: compact | standard | large; room: room | desk | kitchen | bath.
# The scenes are made of simple shapes (boxes, cylinders, spheres) with plain materials; daylight comes
# through the window from a sun and a sky, a warm lamp adds some light inside. render.sh runs it for
# every picture of the demo and makes the WebP/AVIF sizes.
import math
import random
import sys

import bpy

args = sys.argv[sys.argv.index("--") + 1:]
LAYOUT, ROOM, OUT = args[0], args[1], args[2]
WIDTH = int(args[3]) if len(args) > 3 else 1440
HEIGHT = int(args[4]) if len(args) > 4 else 960
SAMPLES = int(args[5]) if len(args) > 5 else 24

random.seed(f"{LAYOUT}-{ROOM}")

# Each layout has its own colours and room size so the three types look different.
STYLE = {
    "compact": dict(w=3.2, d=4.2, wall=(0.93, 0.91, 0.86), floor=(0.55, 0.38, 0.22), accent=(0.16, 0.36, 0.55),
                    fabric=(0.75, 0.75, 0.78), wood=(0.78, 0.62, 0.42), tile=(0.85, 0.88, 0.90), front=(0.95, 0.95, 0.93)),
    "standard": dict(w=3.6, d=4.8, wall=(0.95, 0.94, 0.92), floor=(0.62, 0.46, 0.30), accent=(0.55, 0.22, 0.18),
                     fabric=(0.42, 0.50, 0.40), wood=(0.70, 0.52, 0.34), tile=(0.70, 0.78, 0.80), front=(0.20, 0.30, 0.35)),
    "large": dict(w=4.4, d=5.6, wall=(0.90, 0.92, 0.93), floor=(0.45, 0.30, 0.18), accent=(0.80, 0.55, 0.15),
                  fabric=(0.28, 0.32, 0.45), wood=(0.86, 0.74, 0.56), tile=(0.92, 0.90, 0.86), front=(0.55, 0.62, 0.52)),
}[LAYOUT]

H = 2.6  # ceiling height

bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
materials = {}


def material(name, color, rough=0.6, metal=0.0, emit=0.0, transmit=0.0):
    key = (name, color, rough, metal, emit, transmit)
    if key in materials:
        return materials[key]
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    p = m.node_tree.nodes["Principled BSDF"]
    p.inputs["Base Color"].default_value = (*color, 1)
    p.inputs["Roughness"].default_value = rough
    p.inputs["Metallic"].default_value = metal
    if transmit:
        p.inputs["Transmission"].default_value = transmit
        p.inputs["IOR"].default_value = 1.45
    if emit:
        p.inputs["Emission"].default_value = (*color, 1)
        p.inputs["Emission Strength"].default_value = emit
    materials[key] = m
    return m


def box(x, y, z, sx, sy, sz, mat, bevel=0.0):
    """A box from (x, y, z) (its lower corner) with sizes sx, sy, sz."""
    bpy.ops.mesh.primitive_cube_add(location=(x + sx / 2, y + sy / 2, z + sz / 2))
    o = bpy.context.object
    o.scale = (sx / 2, sy / 2, sz / 2)
    o.data.materials.append(mat)
    if bevel:
        bpy.ops.object.transform_apply(scale=True)
        b = o.modifiers.new("bevel", "BEVEL")
        b.width = bevel
        b.segments = 3
        bpy.ops.object.shade_smooth()
    return o


def cylinder(x, y, z, r, h, mat, verts=32, r2=None):
    if r2 is None:
        bpy.ops.mesh.primitive_cylinder_add(vertices=verts, radius=r, depth=h, location=(x, y, z + h / 2))
    else:
        bpy.ops.mesh.primitive_cone_add(vertices=verts, radius1=r, radius2=r2, depth=h, location=(x, y, z + h / 2))
    o = bpy.context.object
    o.data.materials.append(mat)
    bpy.ops.object.shade_smooth()
    return o


def sphere(x, y, z, r, mat, scale=(1, 1, 1)):
    bpy.ops.mesh.primitive_uv_sphere_add(radius=r, location=(x, y, z), segments=24, ring_count=12)
    o = bpy.context.object
    o.scale = scale
    o.data.materials.append(mat)
    bpy.ops.object.shade_smooth()
    return o


S = STYLE
W, D = S["w"], S["d"]
wall = material("wall", S["wall"], 0.9)
white = material("white", (0.9, 0.9, 0.88), 0.4)
metal = material("metal", (0.7, 0.7, 0.72), 0.25, 1.0)
dark = material("dark", (0.05, 0.05, 0.06), 0.4)
glass = material("glass", (1, 1, 1), 0.0, 0.0, 0.0, 1.0)
wood = material("wood", S["wood"], 0.5)
accent = material("accent", S["accent"], 0.7)
fabric = material("fabric", S["fabric"], 0.95)
leaf = material("leaf", (0.10, 0.35, 0.08), 0.6)
clay = material("clay", (0.62, 0.30, 0.18), 0.8)


def textured(name, rough):
    """A new material with its node tree and its Principled BSDF, for a texture to feed."""
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    p = m.node_tree.nodes["Principled BSDF"]
    p.inputs["Roughness"].default_value = rough
    return m, m.node_tree, p


def floor_texture():
    """A plank floor: a wave texture striped along y, two wood tones."""
    m, nt, p = textured("floor", 0.45)
    wave = nt.nodes.new("ShaderNodeTexWave")
    wave.inputs["Scale"].default_value = 1.5
    wave.inputs["Distortion"].default_value = 6
    wave.inputs["Detail"].default_value = 4
    ramp = nt.nodes.new("ShaderNodeValToRGB")
    c = S["floor"]
    ramp.color_ramp.elements[0].color = (c[0] * 0.75, c[1] * 0.75, c[2] * 0.75, 1)
    ramp.color_ramp.elements[1].color = (*c, 1)
    nt.links.new(wave.outputs["Fac"], ramp.inputs["Fac"])
    nt.links.new(ramp.outputs["Color"], p.inputs["Base Color"])
    return m


def tiles(color):
    """Square tiles with grey grout."""
    m, nt, p = textured("tiles", 0.15)
    brick = nt.nodes.new("ShaderNodeTexBrick")
    brick.offset = 0
    brick.inputs["Color1"].default_value = (*color, 1)
    brick.inputs["Color2"].default_value = (color[0] * 0.96, color[1] * 0.96, color[2] * 0.96, 1)
    brick.inputs["Mortar"].default_value = (0.55, 0.55, 0.55, 1)
    brick.inputs["Scale"].default_value = 1
    brick.inputs["Mortar Size"].default_value = 0.006
    brick.inputs["Brick Width"].default_value = 0.3
    brick.inputs["Row Height"].default_value = 0.3
    coord = nt.nodes.new("ShaderNodeTexCoord")
    nt.links.new(coord.outputs["Object"], brick.inputs["Vector"])
    nt.links.new(brick.outputs["Color"], p.inputs["Base Color"])
    return m


# --- the room: floor, ceiling, walls, a window in the back wall (y = D) -------------------------------
wall_back_mat = tiles(S["tile"]) if ROOM == "bath" else wall
box(0, 0, -0.1, W, D, 0.1, tiles((0.6, 0.6, 0.62)) if ROOM == "bath" else floor_texture())
box(0, 0, H, W, D, 0.1, white)
box(-0.1, 0, 0, 0.1, D, H, wall_back_mat)  # left
box(W, 0, 0, 0.1, D, H, wall_back_mat)  # right
box(0, -0.1, 0, W, 0.1, H, wall)  # front (behind the camera)
win_w = min(1.6, W * 0.5) if ROOM != "bath" else 0.7
win_x = (W - win_w) / 2 if ROOM in ("room", "bath") else W - win_w - 0.4
sill, top = (0.9, 2.3) if ROOM != "bath" else (1.5, 2.2)
if LAYOUT != "compact" and ROOM == "room":
    sill = 0.05  # the French balcony / balcony door reaches the floor
box(0, D, 0, win_x, 0.25, H, wall_back_mat)
box(win_x + win_w, D, 0, W - win_x - win_w, 0.25, H, wall_back_mat)
box(win_x, D, 0, win_w, 0.25, sill, wall_back_mat)
box(win_x, D, top, win_w, 0.25, H - top, wall_back_mat)
# frame, mullion and pane
for (x, z, sx, sz) in [(win_x, sill, win_w, 0.06), (win_x, top - 0.06, win_w, 0.06), (win_x, sill, 0.06, top - sill),
                       (win_x + win_w - 0.06, sill, 0.06, top - sill), (win_x + win_w / 2 - 0.03, sill, 0.06, top - sill)]:
    box(x, D + 0.08, z, sx, 0.08, sz, white)
if sill > 0.5:
    box(win_x - 0.05, D - 0.12, sill - 0.03, win_w + 0.1, 0.16, 0.03, white)  # window board
# outside: a lawn and trees beyond the window
box(-30, D + 0.5, -3.2, 60, 60, 0.1, material("lawn", (0.18, 0.32, 0.10), 0.9))
for i in range(5):
    tx = W / 2 + random.uniform(-12, 12)
    ty = D + random.uniform(9, 20)
    cylinder(tx, ty, -3.1, 0.25, 4, material("bark", (0.25, 0.17, 0.10), 0.9))
    sphere(tx, ty, 2.5, random.uniform(2.2, 3.2), material("tree", (0.12, 0.30, 0.08), 0.8))

# curtains beside the window
if ROOM != "bath":
    for cx in (win_x - 0.32, win_x + win_w + 0.02):
        c = box(cx, D - 0.18, 0.2 if sill < 0.5 else 0.8, 0.3, 0.06, top - (0.2 if sill < 0.5 else 0.8) + 0.15,
                material("curtain", (0.92, 0.90, 0.84), 1.0))
    box(win_x - 0.4, D - 0.17, top + 0.17, win_w + 0.8, 0.03, 0.03, metal)


def plant(x, y, z, size=1.0):
    cylinder(x, y, z, 0.13 * size, 0.22 * size, clay, r2=0.10 * size)
    for _ in range(9):
        a = random.uniform(0, 2 * math.pi)
        r = random.uniform(0.02, 0.12) * size
        sphere(x + r * math.cos(a), y + r * math.sin(a), z + random.uniform(0.3, 0.55) * size, 0.09 * size, leaf,
               (1.0, 0.5, 1.6))


def books(x, y, z, length, depth=0.22):
    pos = x
    while pos < x + length - 0.05:
        t = random.uniform(0.025, 0.05)
        h = random.uniform(0.18, 0.28)
        col = random.choice([(0.6, 0.1, 0.1), (0.1, 0.2, 0.5), (0.85, 0.75, 0.4), (0.15, 0.4, 0.2), (0.9, 0.9, 0.85),
                             (0.3, 0.3, 0.3)])
        box(pos, y, z, t, depth * random.uniform(0.75, 1), h, material("book", col, 0.7))
        pos += t + 0.004


def lamp(x, y, z, on=True):
    cylinder(x, y, z, 0.08, 0.02, dark)
    cylinder(x, y, z, 0.01, 0.42, metal)
    cylinder(x, y, z + 0.36, 0.10, 0.14, material("shade", (1.0, 0.85, 0.6), 0.5, emit=3.0 if on else 0), r2=0.05)
    if on:
        bpy.ops.object.light_add(type="POINT", location=(x, y, z + 0.4))
        bpy.context.object.data.energy = 25
        bpy.context.object.data.color = (1.0, 0.8, 0.55)


def chair(x, y, facing=1):
    box(x - 0.22, y - 0.22, 0.45, 0.44, 0.44, 0.05, accent, bevel=0.015)
    for dx in (-0.19, 0.17):
        for dy in (-0.19, 0.17):
            box(x + dx, y + dy, 0, 0.03, 0.03, 0.45, metal)
    by = y - 0.22 * facing - (0.03 if facing > 0 else 0)
    box(x - 0.22, by, 0.5, 0.44, 0.04, 0.42, accent, bevel=0.015)


def bed(x, y, w, l):
    box(x, y, 0, w, l, 0.3, wood, bevel=0.01)
    box(x + 0.03, y + 0.03, 0.3, w - 0.06, l - 0.06, 0.18, white, bevel=0.04)
    box(x + 0.01, y + 0.02, 0.42, w - 0.02, l * 0.62, 0.08, fabric, bevel=0.04)  # blanket
    box(x, y + l - 0.05, 0, w, 0.05, 0.85, wood, bevel=0.01)  # head board
    for i in range(2 if w > 1.2 else 1):
        px = x + 0.12 + i * (w / 2)
        box(px, y + l - 0.45, 0.47, w / (2 if w > 1.2 else 1) - 0.24, 0.35, 0.14, white, bevel=0.06)
    box(x + w * 0.55, y + l * 0.3, 0.5, w * 0.35, 0.3, 0.1, accent, bevel=0.04)  # cushion


def desk(x, y, w, d=0.65, lamp_on=True):
    box(x, y, 0.72, w, d, 0.035, wood, bevel=0.005)
    for dx in (0.03, w - 0.06):
        box(x + dx, y + 0.03, 0, 0.03, d - 0.06, 0.72, metal)
    box(x + w * 0.15, y + d - 0.28, 0.755, 0.32, 0.22, 0.015, dark)  # laptop base
    lid = box(x + w * 0.15, y + d - 0.08, 0.755, 0.32, 0.012, 0.21, dark)
    box(x + w * 0.15 + 0.015, y + d - 0.086, 0.77, 0.29, 0.002, 0.18, material("screen", (0.3, 0.5, 0.8), 0.2, emit=1.5))
    books(x + w * 0.62, y + d - 0.25, 0.755, 0.2)
    lamp(x + w - 0.18, y + d - 0.15, 0.755, lamp_on)
    cylinder(x + w * 0.55, y + 0.15, 0.755, 0.04, 0.1, material("mug", (0.9, 0.3, 0.2), 0.3))


def kitchen(x, length, y_back):
    """A kitchen row along the left wall from y_back-length to y_back: base units, worktop, hob,
    sink, wall units and a fridge at the far end."""
    front = material("front", S["front"], 0.35)
    y0 = y_back - length
    box(x, y0, 0.1, 0.58, length, 0.76, front, bevel=0.005)
    box(x, y0, 0, 0.55, length, 0.1, dark)
    box(x, y0 - 0.02, 0.86, 0.62, length + 0.02, 0.04, material("top", (0.25, 0.25, 0.27), 0.3))
    for i in range(int(length / 0.6)):
        box(x + 0.585, y0 + i * 0.6 + 0.02, 0.1, 0.005, 0.56, 0.74, front, bevel=0.003)
        box(x + 0.59, y0 + i * 0.6 + 0.25, 0.8, 0.02, 0.12, 0.015, metal)
    # sink and tap
    box(x + 0.12, y0 + length * 0.55, 0.895, 0.38, 0.45, 0.01, metal)
    cylinder(x + 0.06, y0 + length * 0.55 + 0.22, 0.9, 0.015, 0.3, metal)
    box(x + 0.06, y0 + length * 0.55 + 0.21, 1.18, 0.18, 0.02, 0.02, metal)
    # hob with two plates
    box(x + 0.1, y0 + 0.15, 0.9, 0.45, 0.55, 0.01, dark)
    for dy in (0.28, 0.52):
        cylinder(x + 0.32, y0 + dy, 0.905, 0.09, 0.004, material("plate", (0.12, 0.12, 0.12), 0.3))
    cylinder(x + 0.32, y0 + 0.28, 0.91, 0.1, 0.12, metal)  # a pot
    # wall units and splashback
    box(x, y0, 0.9, 0.02, length, 0.55, tiles((0.9, 0.9, 0.9)))
    box(x, y0, 1.5, 0.35, length, 0.7, front, bevel=0.005)
    box(x, y0, 1.45, 0.35, length, 0.04, metal)
    # fridge at the far end
    box(x, y_back, 0, 0.62, 0.62, 1.8, white, bevel=0.01)
    box(x + 0.63, y_back + 0.05, 1.0, 0.02, 0.03, 0.45, metal)
    # things on the worktop
    cylinder(x + 0.3, y0 + length * 0.3, 0.9, 0.12, 0.04, material("bowl", (0.95, 0.8, 0.3), 0.3), r2=0.16)
    for i in range(4):
        sphere(x + 0.28 + random.uniform(-0.05, 0.05), y0 + length * 0.3 + random.uniform(-0.05, 0.05), 0.97, 0.04,
               material("fruit", random.choice([(0.8, 0.1, 0.05), (0.9, 0.6, 0.05), (0.4, 0.7, 0.1)]), 0.4))
    cylinder(x + 0.35, y0 + length * 0.85, 0.9, 0.07, 0.22, material("kettle", (0.75, 0.15, 0.12), 0.25))


def bathroom():
    porcelain = material("porcelain", (0.96, 0.96, 0.95), 0.08)
    # shower on the right back corner: tray, glass, head
    box(W - 1.0, D - 1.0, 0, 1.0, 1.0, 0.05, porcelain)
    box(W - 1.0, D - 1.0, 0.05, 0.01, 1.0, 2.0, glass)
    cylinder(W - 0.1, D - 0.5, 1.1, 0.012, 1.0, metal)
    cylinder(W - 0.3, D - 0.5, 2.05, 0.12, 0.02, metal)
    # washbasin and mirror on the left wall
    box(0, D - 2.2, 0.8, 0.5, 0.65, 0.08, porcelain, bevel=0.03)
    box(0, D - 2.2, 0.45, 0.45, 0.65, 0.35, material("vanity", S["wood"], 0.5))
    cylinder(0.08, D - 1.875, 0.88, 0.015, 0.18, metal)
    box(0, D - 2.25, 1.15, 0.02, 0.75, 0.75, material("mirror", (0.95, 0.95, 0.95), 0.02, 1.0))
    box(0, D - 2.0, 1.95, 0.08, 0.25, 0.05, material("light", (1, 0.95, 0.85), 0.5, emit=6))
    # toilet on the left, nearer the window
    box(0, D - 1.2, 0.35, 0.18, 0.45, 0.5, porcelain, bevel=0.03)
    o = cylinder(0.45, D - 0.975, 0, 0.18, 0.42, porcelain, r2=0.2)
    o.scale = (1.3, 1.0, 1.0)
    box(0.2, D - 1.18, 0.42, 0.5, 0.41, 0.03, white, bevel=0.02)
    # towel rail with a towel, bath mat, a plant on the window board
    box(W - 0.02, D - 2.6, 0.9, 0.02, 0.7, 0.6, metal)
    box(W - 0.08, D - 2.5, 0.95, 0.06, 0.5, 0.55, material("towel", S["accent"], 1.0), bevel=0.02)
    box(W - 1.6, D - 2.0, 0, 0.6, 0.9, 0.015, material("mat", S["fabric"], 1.0))
    plant(W / 2, D - 0.1, 1.5, 0.5)


# --- furniture per picture ----------------------------------------------------------------------
if ROOM in ("room", "desk"):
    bw = 1.4 if LAYOUT == "large" else (1.2 if LAYOUT == "standard" else 1.0)
    bed(W - bw - 0.05, D - 2.3 if LAYOUT != "compact" else D - 2.25, bw, 2.05)
    desk(0.0, D - 1.6, 1.3 if LAYOUT != "compact" else 1.1, lamp_on=True)
    chair(0.6, D - 1.75, facing=1)
    # shelves on the left wall above and beside the desk
    for i in range(3):
        zb = 1.25 + i * 0.38
        box(0.0, D - 1.6, zb, 0.28, 1.2, 0.025, wood)
        # books standing along the wall
        pos = D - 1.55
        while pos < D - 1.55 + random.uniform(0.4, 0.9):
            t = random.uniform(0.025, 0.05)
            box(0.02, pos, zb + 0.025, random.uniform(0.17, 0.24), t, random.uniform(0.18, 0.28),
                material("book", random.choice([(0.6, 0.1, 0.1), (0.1, 0.2, 0.5), (0.85, 0.75, 0.4), (0.15, 0.4, 0.2),
                                                (0.9, 0.9, 0.85)]), 0.7))
            pos += t + 0.004
    # wardrobe near the camera on the right, rug, nightstand, plants
    box(W - 0.62, 0.3, 0, 0.6, 1.2, 2.2, material("wardrobe", S["front"], 0.4), bevel=0.01)
    box(W - 0.625, 0.9, 1.0, 0.005, 0.01, 0.3, metal)
    box(W - 0.05 - bw - 0.5, D - 0.55, 0, 0.42, 0.4, 0.5, wood, bevel=0.01)
    if LAYOUT != "compact":
        lamp(W - 0.05 - bw - 0.29, D - 0.35, 0.5, on=False)
    rug = box(W * 0.3, D - 3.5, 0, 1.6, 1.1, 0.012, material("rug", S["accent"], 1.0))
    plant(win_x + win_w - 0.25, D - 0.05, sill if sill > 0.5 else 0.0, 0.8 if sill > 0.5 else 1.6)
    plant(0.35, D - 0.35, 0.0, 1.8)
    if LAYOUT == "large":
        # a small sofa and a coffee table
        box(0.05, 0.6, 0, 0.8, 1.7, 0.42, fabric, bevel=0.05)
        box(0.05, 0.6, 0.42, 0.22, 1.7, 0.4, fabric, bevel=0.05)
        box(0.9, 1.1, 0.38, 0.5, 0.7, 0.03, wood)
        cylinder(1.15, 1.45, 0, 0.03, 0.38, metal)
    cam_loc, cam_target, lens = ((W * 0.5, 0.35, 1.5), (W * 0.48, D, 1.05), 18) if ROOM == "room" else \
        ((W * 0.7, D - 3.2, 1.45), (0.4, D - 1.2, 0.95), 24)
elif ROOM == "kitchen":
    length = 1.8 if LAYOUT == "compact" else (2.4 if LAYOUT == "standard" else 3.0)
    kitchen(0.0, length, D - 0.7)
    # a small table with two chairs by the window
    cylinder(W * 0.62, D - 1.2, 0, 0.04, 0.72, metal)
    cylinder(W * 0.62, D - 1.2, 0.72, 0.42, 0.03, wood, verts=48)
    chair(W * 0.62 - 0.1, D - 1.75, facing=1)
    chair(W * 0.62 + 0.1, D - 0.62, facing=-1)
    cylinder(W * 0.62, D - 1.2, 0.75, 0.05, 0.15, glass)
    sphere(W * 0.62, D - 1.2, 0.93, 0.07, material("flower", (0.9, 0.3, 0.5), 0.6))
    plant(W - 0.35, D - 0.3, 0, 1.5)
    cam_loc, cam_target, lens = (W * 0.78, 0.45, 1.55), (0.35, D - 0.9, 1.0), 18
else:  # bath
    bathroom()
    cam_loc, cam_target, lens = (W * 0.55, D - 3.6, 1.5), (W * 0.45, D, 1.05), 17

# ceiling light
bpy.ops.object.light_add(type="AREA", location=(W / 2, D / 2, H - 0.02))
ceiling = bpy.context.object
ceiling.data.energy = 40 if ROOM != "bath" else 120
ceiling.data.size = 0.6
ceiling.data.color = (1.0, 0.9, 0.75)

# --- light: sun and sky through the window, a portal for fewer samples -------------------------
world = bpy.data.worlds.new("world")
scene.world = world
world.use_nodes = True
sky = world.node_tree.nodes.new("ShaderNodeTexSky")
sky.sky_type = "NISHITA"
sky.sun_elevation = math.radians(28)
sky.sun_rotation = math.radians(200 if LAYOUT != "large" else 160)
sky.sun_intensity = 0.35
world.node_tree.links.new(sky.outputs["Color"], world.node_tree.nodes["Background"].inputs["Color"])
world.node_tree.nodes["Background"].inputs["Strength"].default_value = 0.35
bpy.ops.object.light_add(type="SUN", rotation=(math.radians(62), 0, math.radians(160 if LAYOUT != "large" else 200)))
bpy.context.object.data.energy = 3.5
bpy.context.object.data.angle = math.radians(2)
bpy.ops.object.light_add(type="AREA", location=(win_x + win_w / 2, D + 0.02, (sill + top) / 2),
                         rotation=(math.radians(90), 0, 0))
portal = bpy.context.object
portal.data.shape = "RECTANGLE"
portal.data.size = win_w
portal.data.size_y = top - sill
portal.data.cycles.is_portal = True

# --- camera and render settings -----------------------------------------------------------------
bpy.ops.object.camera_add(location=cam_loc)
cam = bpy.context.object
direction = [t - c for t, c in zip(cam_target, cam_loc)]
cam.rotation_euler = (math.atan2(math.hypot(direction[0], direction[1]), -direction[2]), 0,
                      math.atan2(direction[1], direction[0]) - math.pi / 2)
cam.data.lens = lens
cam.data.sensor_width = 36
scene.camera = cam

scene.render.engine = "CYCLES"
scene.cycles.device = "CPU"
scene.cycles.samples = SAMPLES
scene.cycles.use_adaptive_sampling = True
scene.cycles.max_bounces = 6
scene.cycles.diffuse_bounces = 3
scene.cycles.glossy_bounces = 2
scene.cycles.transmission_bounces = 4
scene.cycles.caustics_reflective = False
scene.cycles.caustics_refractive = False
scene.cycles.blur_glossy = 1.0
scene.cycles.sample_clamp_indirect = 3.0
scene.cycles.use_denoising = False
scene.render.resolution_x = WIDTH
scene.render.resolution_y = HEIGHT
scene.render.resolution_percentage = 100
scene.view_settings.view_transform = "Filmic"
scene.view_settings.look = "Medium High Contrast"
scene.view_settings.exposure = 0.6
scene.render.image_settings.file_format = "PNG"
scene.render.image_settings.color_mode = "RGB"
scene.render.filepath = OUT


def denoise():
    """Debian's Blender has no OpenImageDenoise: smooth only the indirect light (where the noise is)
    with an edge-aware blur guided by normals and depth, and put the picture together again from its
    passes, so textures and edges stay sharp."""
    layer = scene.view_layers[0]
    for name in ("use_pass_diffuse_direct", "use_pass_diffuse_indirect", "use_pass_diffuse_color",
                 "use_pass_glossy_direct", "use_pass_glossy_indirect", "use_pass_glossy_color",
                 "use_pass_transmission_direct", "use_pass_transmission_indirect", "use_pass_transmission_color",
                 "use_pass_emit", "use_pass_environment", "use_pass_normal", "use_pass_z"):
        setattr(layer, name, True)
    scene.use_nodes = True
    nt = scene.node_tree
    nt.nodes.clear()
    rl = nt.nodes.new("CompositorNodeRLayers")
    guide = nt.nodes.new("CompositorNodeMixRGB")  # normals plus a little depth tell edges apart
    guide.blend_type = "ADD"
    depth = nt.nodes.new("CompositorNodeMath")
    depth.operation = "MULTIPLY"
    depth.inputs[1].default_value = 0.3
    nt.links.new(rl.outputs["Depth"], depth.inputs[0])
    nt.links.new(rl.outputs["Normal"], guide.inputs[1])
    nt.links.new(depth.outputs[0], guide.inputs[2])

    def part(kind, blur):
        ind = rl.outputs[f"{kind}Ind"]
        if blur:
            b = nt.nodes.new("CompositorNodeBilateralblur")
            b.iterations = 8
            b.sigma_color = 0.25
            b.sigma_space = 8
            nt.links.new(ind, b.inputs["Image"])
            nt.links.new(guide.outputs[0], b.inputs["Determinator"])
            ind = b.outputs[0]
        add = nt.nodes.new("CompositorNodeMixRGB")
        add.blend_type = "ADD"
        nt.links.new(rl.outputs[f"{kind}Dir"], add.inputs[1])
        nt.links.new(ind, add.inputs[2])
        mul = nt.nodes.new("CompositorNodeMixRGB")
        mul.blend_type = "MULTIPLY"
        nt.links.new(add.outputs[0], mul.inputs[1])
        nt.links.new(rl.outputs[f"{kind}Col"], mul.inputs[2])
        return mul.outputs[0]

    total = None
    for out in (part("Diff", True), part("Gloss", True), part("Trans", False), rl.outputs["Emit"], rl.outputs["Env"]):
        if total is None:
            total = out
            continue
        add = nt.nodes.new("CompositorNodeMixRGB")
        add.blend_type = "ADD"
        nt.links.new(total, add.inputs[1])
        nt.links.new(out, add.inputs[2])
        total = add.outputs[0]
    comp = nt.nodes.new("CompositorNodeComposite")
    nt.links.new(total, comp.inputs["Image"])


denoise()
bpy.ops.render.render(write_still=True)
