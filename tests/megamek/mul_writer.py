"""MegaMek force files (``.mul``) written the way MegaMek's own writer writes them, for the test
corpus (``fixtures/mul/``) and the fuzz generator of ``.mul`` forces.

Read from MegaMek's ``EntityListFile.saveTo`` / ``writeEntityList`` and the helpers they call
(``getLocString``, ``formatSlot``, ``writePilotAttributes``, ``writeCrewAttributes``) in three
versions of the repository MegaMek/megamek, and from MekHQ's ``AtBScenario``
``writeEntityWithCrewToXmlString`` for the MekHQ-style ``<crew>``:

``old``  MegaMek 0.42-0.46 (``megamek/src/megamek/common/EntityListFile.java`` at a540acce):
         ``CommonConstants.NL`` (the system's line separator: ``\\r\\n`` on Windows) after most
         lines; ``<pilot name= size= nick= gunnery= piloting= ... ejected= ...>``; no gender, no
         ``<Game>``, no ``<Force>``.
``0.46`` MegaMek 0.46 (the layout of a real 0.46.1 file, a MekHQ export: ``<pilot size= name=
         nick= gunnery= piloting= externalId= ejected= autoeject=>``, no gender; the entity's
         ``externalId`` a UUID and ``camoCategory="-- No Camo --"``).
``mid``  MegaMek 0.47-0.49 (the same file at 01b194e8): ``\\n``; ``<pilot size= name= nick=
         gender= gunnery= piloting= ... ejected=>``; ``<Game id=>`` and ``<Force force=>``.
``new``  MegaMek 0.50 (``megamek/src/megamek/common/units/EntityListFile.java`` at f0054005):
         the full chassis (``Chassis (Clan name)``), the deployment-zone attributes, ``clanperson``
         and ``eiMode`` (every ProtoMek has an EI interface, in "Initiate enhanced imaging"),
         ``<TotalGenericBattleValue>``, the slot's indent by tabs, ``<construction_data>`` (a unit
         file, gzip then base64) when units are embedded.

Every version: ``<entity chassis= model= type=MOVEMENT MODE ...>``, the attributes in the
writer's order, ``"`` in names written as ``&quot;`` (and nothing else escaped), ProtoMech ammo as
``<slot index="N/A" type=INTERNAL NAME shots=N .../>`` inside ``<location index=L> Location name``
(mixed text), and the line "The first slot in a location is at index="1"." as plain text inside
the entity before its locations. This module is the project's own reading of those sources (no
MegaMek code).
"""

from __future__ import annotations

import base64
import gzip
from dataclasses import dataclass, field

VERSIONS = {"old": "0.42.2", "0.46": "0.46.1", "mid": "0.48.0", "new": "0.50.07"}
LOCATION_NAMES = ("Body", "Head", "Torso", "Right Arm", "Left Arm", "Legs", "Main Gun")  # ProtoMek
EI_MODE = "Initiate enhanced imaging"  # a ProtoMek's built-in EI interface is always on


@dataclass
class Pilot:
    name: str = "Unnamed"
    nick: str = ""
    gender: str = "MALE"  # Gender.name() (mid, new)
    gunnery: int | str = 4
    piloting: int | str = 5
    size: int = 1
    hits: int | str = 0  # "Dead" when dead
    toughness: int = 0
    fatigue: int = 0  # new
    external_id: str | None = None
    portrait: tuple[str, str] | None = None  # (category, file)
    ejected: bool = False
    clan: bool = True  # clanperson (new)
    advantages: str = ""  # "::"-joined option list
    edge: str = ""
    rpg_gunnery: tuple[int, int, int] | None = None  # (L, M, B): the RPG gunnery option


@dataclass
class Ammo:
    location: int  # ProtoMek location index (0 Body ... 6 Main Gun)
    type: str  # the ammo's internal name
    shots: int
    hit: bool = False
    destroyed: bool = False


@dataclass
class Entity:
    chassis: str
    model: str = ""
    type: str = "Biped"  # getMovementModeAsString(): the movement mode, not the unit type
    pilot: Pilot = field(default_factory=Pilot)
    crew: str = "pilot"  # "pilot" (MegaMek), "mekhq" (MekHQ's <crew crewType="single">)
    ammo: list = field(default_factory=list)
    armor: dict = field(default_factory=dict)  # location -> points left (damage)
    destroyed: tuple = ()  # destroyed locations
    ei: bool = True  # has the EI interface (ProtoMeks; new: eiMode)
    clan_chassis: str = ""  # new: getFullChassis() adds " (clan name)"
    commander: bool = False
    deployment: int = 0
    external_id: str | None = None
    quirks: str = ""
    camo: tuple[str, str | None] | None = None  # (category, file or None)
    game_id: int | None = None  # <Game id=> (mid, new)
    force: str = ""  # <Force force=> (mid, new), e.g. "Star Alpha|1||"
    embedded: bytes | None = None  # new: the unit file embedded as <construction_data>
    embedded_name: str = ""
    autoeject: bool | None = None  # a Mek: writeCrewAttributes adds autoeject=
    tank: bool = False  # a Tank: <motive damage= penalty=/> after the crew


def _q(text: str) -> str:
    """What the writer does to a name: ``"`` becomes ``&quot;``, nothing else is escaped."""
    return text.replace('"', "&quot;")


def _pilot_line(p: Pilot, version: str, nl: str, autoeject: bool | None = None) -> str:
    if version == "old":
        a = f'\t\t\t<pilot name="{_q(p.name)}" size="{p.size}" nick="{_q(p.nick)}" gunnery="{p.gunnery}"'
        if p.rpg_gunnery:
            a += f' gunneryL="{p.rpg_gunnery[0]}" gunneryM="{p.rpg_gunnery[1]}" gunneryB="{p.rpg_gunnery[2]}"'
        a += f' piloting="{p.piloting}"'
        if p.toughness:
            a += f' toughness="{p.toughness}"'
        if p.hits == "Dead" or (isinstance(p.hits, int) and p.hits > 5):
            a += ' hits="Dead"'
        elif p.hits:
            a += f' hits="{p.hits}"'
        a += f' ejected="{str(p.ejected).lower()}"'
        if p.advantages:
            a += f' advantages="{p.advantages}"'
        if p.edge:
            a += f' edge="{p.edge}"'
        if autoeject is not None:
            a += f' autoeject="{str(autoeject).lower()}"'
        if p.portrait:
            a += f' portraitCat="{p.portrait[0]}" portraitFile="{p.portrait[1]}"'
        if p.external_id is not None:
            a += f' externalId="{p.external_id}"'
        return a + "/>" + nl
    raise ValueError(version)


def _pilot_attributes(p: Pilot, version: str) -> str:
    """``writePilotAttributes``: each attribute closes the previous one's quote."""
    out = f'" name="{_q(p.name)}" nick="{_q(p.nick)}'
    if version != "0.46":
        out += f'" gender="{p.gender}'
    if version == "new":
        out += f'" clanperson="{str(p.clan).lower()}'
    if p.rpg_gunnery:
        out += f'" gunneryL="{p.rpg_gunnery[0]}" gunneryM="{p.rpg_gunnery[1]}" gunneryB="{p.rpg_gunnery[2]}'
    else:
        out += f'" gunnery="{p.gunnery}'
    out += f'" piloting="{p.piloting}'
    if p.toughness:
        out += f'" toughness="{p.toughness}'
    if version == "new" and p.fatigue:
        out += f'" fatigue="{p.fatigue}'
    if p.hits == "Dead" or (isinstance(p.hits, int) and p.hits > 5):
        out += '" hits="Dead'
    elif p.hits:
        out += f'" hits="{p.hits}'
    if p.portrait:
        out += f'" portraitCat="{p.portrait[0]}" portraitFile="{p.portrait[1]}'
    if p.external_id is not None:
        out += f'" externalId="{p.external_id}'
    return out


def _crew_attributes(p: Pilot, version: str, ei: bool = True, autoeject: bool | None = None) -> str:
    """``writeCrewAttributes`` (after the pilot's own in a ``<pilot>``)."""
    out = f'" ejected="{str(p.ejected).lower()}'
    if p.advantages:
        out += f'" advantages="{p.advantages}'
    if p.edge:
        out += f'" edge="{p.edge}'
    if version == "new" and ei:
        out += f'" eiMode="{EI_MODE}'
    if autoeject is not None:
        out += f'" autoeject="{str(autoeject).lower()}'
    return out


def _mekhq_crew(p: Pilot) -> str:
    """MekHQ's ``<crew crewType="single" size=…>`` with one ``<crewMember slot="0" …/>`` (MekHQ
    escapes its names as XML)."""
    from xml.sax.saxutils import escape

    def x(text: str) -> str:
        return escape(text, {'"': "&quot;"})

    out = f'\t\t\t<crew crewType="single" size="{p.size}" ejected="{str(p.ejected).lower()}">\n'
    out += (
        f'\t\t\t\t<crewMember slot="0" name="{x(p.name)}" nick="{x(p.nick)}" gunnery="{p.gunnery}"'
        f' piloting="{p.piloting}"'
    )
    if p.toughness:
        out += f' toughness="{p.toughness}"'
    if p.hits == "Dead":
        out += ' hits="Dead"'
    elif p.hits:
        out += f' hits="{p.hits}"'
    out += f' externalId="{p.external_id or "00000000-0000-0000-0000-000000000000"}"/>\n'
    return out + "\t\t\t</crew>\n"


def _slot(a: Ammo, version: str, nl: str) -> str:
    head = "\t\t\t\t" if version == "new" else "         "
    out = f'{head}<slot index="N/A" type="{a.type}" shots="{a.shots}'
    if a.hit:
        out += '" isHit="true'
    if a.hit or a.destroyed:
        out += '" isRepairable="false'
    return out + f'" isDestroyed="{str(a.destroyed).lower()}"/>' + nl


def _locations(e: Entity, version: str, nl: str) -> str:
    """``getLocString`` for a ProtoMek: armour damage and every ammo bin by location."""
    out = ""
    have_slot = False
    for loc, name in enumerate(LOCATION_NAMES):
        if loc in e.destroyed:
            out += f'\t\t\t<location index="{loc}" isDestroyed="true" /> {name}{nl}'
            continue
        body = ""
        if loc in e.armor:
            body += f'\t\t\t\t<armor points="{e.armor[loc]}"/>{nl}'
        for a in e.ammo:
            if a.location == loc:
                body += _slot(a, version, nl)
                have_slot = True
        if body:
            out += f'\t\t\t<location index="{loc}"> {name}{nl}{body}\t\t\t</location>{nl}'
    if have_slot:
        out = '      The first slot in a location is at index="1".' + nl + out
    return out


def _entity(e: Entity, version: str, nl: str) -> str:
    chassis = e.chassis + (f" ({e.clan_chassis})" if version == "new" and e.clan_chassis else "")
    a = f'\t\t<entity chassis="{_q(chassis)}" model="{_q(e.model)}" type="{e.type}"'
    a += f' commander="{str(e.commander).lower()}" offboard="false" hidden="false"'
    a += f' deployment="{e.deployment}" deploymentZone="-1"'
    if version == "new":
        a += (
            ' deploymentZoneWidth="3" deploymentZoneOffset="0" deploymentZoneAnyNWx="-1"'
            ' deploymentZoneAnyNWy="-1" deploymentZoneAnySEx="-1" deploymentZoneAnySEy="-1"'
        )
    a += ' neverDeployed="true"'
    if e.external_id is not None:
        a += f' externalId="{e.external_id}"'
    if e.quirks:
        a += f' quirks="{e.quirks}"'
    if e.camo:
        a += f' camoCategory="{e.camo[0]}"' + (
            f' camoFileName="{e.camo[1]}"' if e.camo[1] is not None else ""
        )
        if version == "new":
            a += ' camoRotation="0" camoScale="100"'
    a += ">" + ("\n" if version != "old" else nl)
    if e.crew == "mekhq":
        a += _mekhq_crew(e.pilot)
    elif version == "old":
        a += _pilot_line(e.pilot, version, nl, e.autoeject)
    else:
        a += (
            f'\t\t\t<pilot size="{e.pilot.size}'
            + _pilot_attributes(e.pilot, version)
            + _crew_attributes(e.pilot, version, e.ei, e.autoeject)
            + '"/>\n'
        )
    if e.tank:
        a += '      <motive damage="0" penalty="0"/>\n'  # getMovementString (Tank)
    a += _locations(e, version, nl)
    if version in ("mid", "new"):
        if e.game_id is not None:
            a += f'\t\t\t<Game id="{e.game_id}"/>\n'
        if e.force:
            a += f'\t\t\t<Force force="{e.force}"/>\n'
    if version == "new" and e.embedded is not None:
        packed = base64.b64encode(gzip.compress(e.embedded, mtime=0)).decode("ascii")
        a += f'\t\t\t<construction_data filename="{e.embedded_name}">\n\t\t\t\t{packed}\n\t\t\t</construction_data>\n'
    return a + "\t\t</entity>" + nl + nl


def write_mul(
    entities: list[Entity],
    version: str = "mid",
    nl: str = "\n",
    generic_bv: int = 0,
    root: str = "unit",
    number: str | None = None,
    salvage: list[Entity] = (),
) -> bytes:
    """The bytes of a ``.mul`` of ``entities`` as MegaMek ``version`` (``old``/``mid``/``new``)
    writes it; ``nl`` is the old writer's line separator. ``root="record"`` is the end-of-battle
    record (``saveTo(File, Client)``): the entities as ``<survivors>``, ``salvage`` (the enemy's
    units) as ``<salvage>``."""
    number = number or VERSIONS[version]
    out = '<?xml version="1.0" encoding="UTF-8"?>' + nl + nl
    body = "".join(_entity(e, version, nl) for e in entities)
    if root == "record":
        out += f'<record version="{number}" >'
        for tag, group in (("survivors", entities), ("salvage", salvage)):
            if group:
                out += nl + f"\t<{tag}>" + nl + nl + "".join(_entity(e, version, nl) for e in group)
                out += f"\t</{tag}>" + nl
        return (out + "</record>" + nl).encode("utf-8")
    out += f'<unit version="{number}" >' + nl + nl
    if version == "new" and generic_bv > 0:
        out += f"<TotalGenericBattleValue>{generic_bv}</TotalGenericBattleValue>\n\n"
    return (out + body + "</unit>" + nl).encode("utf-8")


# -- the corpus (fixtures/mul/) -------------------------------------------------------------------

UNITS_README = """Unit files that are not ProtoMechs, for the .mul corpus: MegaMek names a force's units
by chassis and model only, so a force of mixed kinds is told apart by these files (a .mtf is a Mek,
a .blk says its UnitType). Shaped like MegaMek's files (values only, no fluff); written for this
project.
"""

OTHER_UNITS = {
    "units/Atlas AS7-D.mtf": (
        "chassis:Atlas\nmodel:AS7-D\nmul id:140\n\nConfig:Biped\ntechbase:Inner Sphere\nera:2755\n"
        "source:TRO 3039\nrules level:1\n\nMass:100\nEngine:300 Fusion Engine\nStructure:Standard\n"
        "Myomer:Standard\n\nHeat Sinks:20 Single\nWalk MP:3\nJump MP:0\n"
    ),
    "units/Locust LCT-1V.mtf": (  # the older .mtf layout: chassis and model on the lines after Version
        "Version:1.0\nLocust\nLCT-1V\n\nConfig:Biped\nTechBase:Inner Sphere\nEra:2499\n"
        "Rules Level:1\n\nMass:20\nEngine:160 Fusion Engine\nStructure:Standard\nMyomer:Standard\n"
    ),
    "units/Manticore Heavy Tank.blk": (
        "#Shaped like MegaMek's vehicles (values only)\n<BlockVersion>\n1\n</BlockVersion>\n\n"
        "<UnitType>\nTank\n</UnitType>\n\n<Name>\nManticore Heavy Tank\n</Name>\n\n<Model>\n\n</Model>\n\n"
        "<motion_type>\nTracked\n</motion_type>\n\n<cruiseMP>\n4\n</cruiseMP>\n\n<tonnage>\n60.0\n</tonnage>\n"
    ),
    "units/Elemental Battle Armor.blk": (
        "<BlockVersion>\n1\n</BlockVersion>\n\n<UnitType>\nBattleArmor\n</UnitType>\n\n<Name>\n"
        "Elemental Battle Armor\n</Name>\n\n<Model>\n[Laser](Sqd5)\n</Model>\n\n<motion_type>\nLeg\n"
        "</motion_type>\n"
    ),
}


def _custom_proto() -> bytes:
    """A custom ProtoMech as MegaMek 0.50 embeds it (BLKFile.getBlock(...).getAllDataAsString():
    its tags, no comment): not in any unit folder."""
    return (
        b"<BlockVersion>\n1\n</BlockVersion>\n<Version>\nMAM0\n</Version>\n<UnitType>\nProtoMek\n"
        b"</UnitType>\n<Name>\nKobold\n</Name>\n<Model>\nCustom\n</Model>\n<year>\n3145\n</year>\n"
        b"<type>\nClan Level 2\n</type>\n<motion_type>\nBiped\n</motion_type>\n<cruiseMP>\n6\n"
        b"</cruiseMP>\n<armor>\n2\n5\n2\n2\n4\n</armor>\n<Body Equipment>\nEIInterface\n"
        b"</Body Equipment>\n<Torso Equipment>\nCLERSmallLaser\n</Torso Equipment>\n<tonnage>\n3.0\n"
        b"</tonnage>\n"
    )


def corpus() -> dict[str, bytes]:
    """Every file of ``fixtures/mul/`` (force files and the non-ProtoMech unit files they
    name) as this writer makes them; ``python tests/megamek/mul_writer.py`` writes them."""
    P = Pilot
    files: dict[str, bytes] = {}
    # MegaMek 0.42 on Windows: CRLF after most lines; ammo of every bin; a call sign with quotes
    files["star-0.42-windows.mul"] = write_mul(
        [
            Entity(
                "Harpy",
                pilot=P("Kael Ward", nick='The "Ghost"', gunnery=3, external_id="101"),
                ammo=[Ammo(0, "Clan Machine Gun Ammo - Proto", 20)],
                external_id="1",
            ),
            Entity("Roc", pilot=P("Ilse Marr", gunnery=4, piloting=4), external_id="2"),
            Entity(
                "Siren",
                pilot=P("Tomas Hale", gunnery=2),
                ammo=[Ammo(0, "Light Machine Gun Ammo - Proto", 20)],
            ),
            Entity(
                "Orc",
                pilot=P("Bren Voss", gunnery=5, toughness=1, advantages="dodge_maneuver"),
                ammo=[
                    Ammo(0, "Clan Ammo SRM-1", 10),
                    Ammo(0, "Clan Ammo SRM-1", 5),
                    Ammo(0, "Clan Ammo SRM-1", 5),
                ],
                commander=True,
            ),
            Entity(
                "Gorgon",
                pilot=P("Nadia Sorn", rpg_gunnery=(2, 3, 5), portrait=("Clan/", "female1.jpg")),
                ammo=[Ammo(0, "Clan Ammo LRM-10", 12)],
                camo=("Clans/", "Ghost Bear.jpg"),
            ),
        ],
        "old",
        nl="\r\n",
    )
    # MegaMek 0.48: <Force> groups (two Points, their units interleaved in the file), <Game>,
    # every movement mode of a ProtoMech (Biped, Quad, WiGE), model="" and a model
    point1 = "Trinary Ghost|1||Star Alpha|2||Point 1|3||"
    point2 = "Trinary Ghost|1||Star Alpha|2||Point 2|4||"
    files["points-0.48.mul"] = write_mul(
        [
            Entity(
                "Quad Test", "Q", "Quad", P("Mira Kell", gender="FEMALE", gunnery=3), game_id=0, force=point1
            ),
            Entity(
                "Svartalfa",
                "3",
                "WiGE",
                P("Oleg Brandt", gunnery=4),
                ammo=[Ammo(0, "CLMediumChemLaserAmmo", 75)],
                game_id=1,
                force=point2,
            ),
            Entity(
                "Glider Test",
                "G",
                "WiGE",
                P("Asha Lind", gender="FEMALE", gunnery=2),
                game_id=2,
                force=point1,
            ),
            Entity(
                "Boggart Ultraheavy ProtoMech",
                "",
                "Quad",
                P("Jonas Reyes", gunnery=4),
                ammo=[Ammo(0, "CLPlasmaCannonAmmo", 10)],
                game_id=3,
                force=point2,
            ),
            Entity(
                "Basilisk",
                type="Biped",
                pilot=P("Оля Климова", gender="FEMALE", gunnery=3),
                ammo=[Ammo(0, "Clan Ammo Protomech LRM-3", 2)],
                game_id=4,
                force=point1,
            ),
        ],
        "mid",
    )
    # the older force string of Forces.forceStringFor ("name|id" levels joined by a backslash)
    files["points-backslash.mul"] = write_mul(
        [
            Entity("Harpy", pilot=P("Kael Ward", gunnery=3), game_id=0, force="Star Beta|1\\Point 1|2"),
            Entity("Roc", pilot=P("Ilse Marr"), game_id=1, force="Star Beta|1\\Point 2|3"),
            Entity("Cecerops", pilot=P("Tomas Hale"), game_id=2, force="Star Beta|1\\Point 1|2"),
        ],
        "mid",
    )
    # MegaMek 0.50: mixed kinds (a Mek of each .mtf layout, a tank, battle armour), a chassis not
    # in the folder (a typo), a custom ProtoMech embedded in the file, the generic BV total
    files["mixed-0.50.mul"] = write_mul(
        [
            Entity(
                "Harpy",
                pilot=P("Kael Ward", nick="Ghost", gunnery=3, clan=True),
                ammo=[Ammo(0, "Clan Machine Gun Ammo - Proto", 20)],
                game_id=0,
                force="Star Alpha|1||",
            ),
            Entity(
                "Atlas",
                "AS7-D",
                "Biped",
                P("Hank Rhee", clan=False),
                ei=False,
                autoeject=True,
                game_id=1,
                force="Star Alpha|1||",
            ),
            Entity(
                "Manticore Heavy Tank",
                "",
                "Tracked",
                P("Crew", size=5, clan=False),
                ei=False,
                tank=True,
                game_id=2,
            ),
            Entity("Sirne", pilot=P("Typo Unit"), game_id=3, force="Star Alpha|1||"),
            Entity(
                "Siren",
                pilot=P("Tomas Hale", gunnery=2),
                ammo=[Ammo(0, "Light Machine Gun Ammo - Proto", 20)],
                game_id=4,
                force="Star Alpha|1||",
            ),
            Entity(
                "Locust", "LCT-1V", "Biped", P("Dee Park", clan=False), ei=False, autoeject=True, game_id=5
            ),
            Entity(
                "Elemental Battle Armor",
                "[Laser](Sqd5)",
                "Leg",
                P("Point Elemental", size=5),
                ei=False,
                game_id=6,
            ),
            Entity(
                "Kobold",
                "Custom",
                pilot=P("Vera Stahl", gunnery=4),
                game_id=7,
                force="Star Alpha|1||",
                embedded=_custom_proto(),
                embedded_name="Kobold Custom.blk",
            ),
        ],
        "new",
        generic_bv=1843,
    )
    # MegaMek 0.46, a MekHQ export: UUIDs, the "no camo" category, no gender
    files["star-0.46-mekhq.mul"] = write_mul(
        [
            Entity(
                "Harpy",
                pilot=P("Kael Ward", gunnery=3, external_id="6e8be86b-105b-4aa9-ae1f-1f63619f7701"),
                ammo=[Ammo(0, "Clan Machine Gun Ammo - Proto", 20)],
                external_id="64207cba-66d2-4423-bb25-daa140f03101",
                camo=("-- No Camo --", None),
            ),
            Entity(
                "Gorgon",
                pilot=P("Nadia Sorn", external_id="6e8be86b-105b-4aa9-ae1f-1f63619f7702"),
                ammo=[Ammo(0, "Clan Ammo LRM-10", 12)],
                external_id="64207cba-66d2-4423-bb25-daa140f03102",
                camo=("-- No Camo --", None),
            ),
        ],
        "0.46",
    )
    # MekHQ's crew layout: <crew crewType="single" size=…><crewMember slot="0" …/></crew>
    files["mekhq-crew.mul"] = write_mul(
        [
            Entity(
                "Harpy", crew="mekhq", pilot=P("Jo & Kit Ward", nick="Twin", gunnery=3, external_id="6d1f")
            ),
            Entity("Quad Test", "Q", "Quad", crew="mekhq", pilot=P("Оля Климова", gunnery=5)),
        ],
        "mid",
    )
    # an end-of-battle record (saveTo(File, Client)): damage, ammo used, a wounded pilot; the
    # enemy's units in <salvage>
    files["record-0.49.mul"] = write_mul(
        [
            Entity(
                "Orc",
                pilot=P("Bren Voss", gunnery=5),
                ammo=[
                    Ammo(0, "Clan Ammo SRM-1", 3),
                    Ammo(0, "Clan Ammo SRM-1", 5),
                    Ammo(0, "Clan Ammo SRM-1", 0),
                ],
                armor={2: 1},
                game_id=0,
            ),
            Entity("Harpy", pilot=P("Kael Ward", gunnery=3, hits=2), game_id=1),
            Entity("Roc", pilot=P("Ilse Marr", hits="Dead"), destroyed=(1,), game_id=2),
        ],
        "mid",
        number="0.49.19",
        root="record",
        salvage=[
            Entity("Atlas", "AS7-D", pilot=P("Hank Rhee"), autoeject=True),
            Entity("Locust", "LCT-1V", pilot=P("Dee Park"), autoeject=True),
        ],
    )
    files["units/README.md"] = UNITS_README.encode()
    files.update({k: v.encode() for k, v in OTHER_UNITS.items()})
    return files


if __name__ == "__main__":
    from pathlib import Path

    out = Path(__file__).parent / "fixtures" / "mul"
    for rel, data in corpus().items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
        print(out / rel)
