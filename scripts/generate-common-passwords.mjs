// Writes src/server/data/common-passwords.txt: the passwords people pick first, in the lowercase form the server
// compares against (src/server/services/common-passwords.ts also tries a password without its trailing digits and
// symbols, and with digits read as letters, so "Sunshine2024!" and "P@ssw0rd" meet "sunshine" and "password").
// Composed from the well-known public lists (the yearly most-used-password rankings, the top of the leaked-password
// corpora, keyboard walks and digit runs). Run: node scripts/generate-common-passwords.mjs
import { mkdirSync, writeFileSync } from 'node:fs';

const ranked = `123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman
1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster soccer
harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas hockey ranger daniel starwars klaster 112233
george computer michelle jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa
ginger princess joshua cheese amanda summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas
austin thunder taylor matrix minecraft william corvette hello martin heather secret merlin diamond 1234qwer gfhjkm
hammer silver 222222 88888888 anthony justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer
cookie richard samantha bigdog guitar jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut
morgan welcome falcon cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa
boomer booboo spider nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq
purple hardcore banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701
coffee scooby 0000 miller boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver redsox
player nikita knight fender barney midnight please brandy chicago badboy slayer rangers charles angel flower bigdaddy
rabbit wizard bigdick jasper enter rachel chris steven winner adidas victoria natasha 1q2w3e4r jasmine winter prince
panties marine ghbdtn fishing cocacola casper james 232323 raiders 888888 marlboro gandalf asdfasdf crystal 87654321
12344321 golden 8675309 disney 00000000 apple2 ronaldo qazwsxedc admin admin123 administrator root toor changeme
default guest login welcome1 password1 password12 password123 password1234 passw0rd p4ssw0rd pa55word pa55w0rd
letmein1 iloveyou1 iloveu loveyou lovely babygirl princess1 sunshine1 football1 baseball1 monkey1 dragon1 shadow1
superman1 master1 trustno11 abc123456 abcd1234 abcdef abcdefg abcdefgh abcdefghi abcdefghij qwerty1 qwerty12
qwerty123 qwerty1234 qwertyu qwertyui 1q2w3e 1q2w3e4r5t 1q2w3e4r5t6y zaq12wsx zaq1zaq1 1qazxsw2 qweasd qweasdzxc
qwe123 123abc 123qweasd asdf1234 zxcv1234 asdfghjkl asdfghjk 1234asdf 0987654321 9876543210 hello123 hellohello
helloworld whatever1 nothing trustme loveme friends family blessed jesus jesuschrist god angels heaven iloveyou2
ihateyou ilovemymom myspace1 facebook instagram tiktok youtube twitter google linkedin snapchat pokemon naruto
fortnite roblox minecraft1 starwars1 harrypotter hogwarts gameofthrones batman1 spiderman ironman captainamerica
avengers marvel mintbox mintbox123 influencer creator gifting changeme123 changeit default1 secret1 secret123
test123 testing testing123 demo demo123 user user123 username guest123 login123 pass123 pass1234 passpass
passwordpassword mypassword newpassword oldpassword password! password2 password01 password11 welcome123
welcomehome letmeinnow opensesame iamthebest imthebest sexygirl lovers sweetheart sweetie honey cutie baby
babyboy loveyou1 iloveyou! fuckyou fuckoff asshole bitch`;

const names = `james john robert michael william david richard joseph thomas charles christopher daniel matthew anthony
mark donald steven paul andrew joshua kenneth kevin brian george timothy ronald edward jason jeffrey ryan jacob gary
nicholas eric jonathan stephen larry justin scott brandon benjamin samuel gregory alexander frank patrick raymond
jack dennis jerry tyler aaron jose adam nathan henry douglas zachary peter kyle ethan walter noah jeremy christian
keith roger terry gerald harold sean austin carl arthur lawrence dylan jesse jordan bryan billy joe bruce gabriel
logan albert willie alan juan wayne elijah randy roy vincent ralph eugene russell bobby mason philip louis mary
patricia jennifer linda elizabeth barbara susan jessica sarah karen lisa nancy betty margaret sandra ashley
kimberly emily donna michelle carol amanda dorothy melissa deborah stephanie rebecca sharon laura cynthia kathleen
amy angela shirley anna brenda pamela emma nicole helen samantha katherine christine debra rachel carolyn janet
catherine maria heather diane ruth julie olivia joyce virginia victoria kelly lauren christina joan evelyn judith
megan andrea cheryl hannah jacqueline martha gloria teresa ann sara madison frances kathryn janice jean abigail
alice judy sophia grace denise amber doris marilyn danielle beverly isabella theresa diana natalie brittany
charlotte marie kayla alexis lori alex sam max charlie buddy bella lucy daisy molly maggie sadie chloe luna coco`;

const words = `dragon monkey shadow master killer hunter soccer tigger sunshine summer winter spring autumn flower
freedom cheese pepper ginger princess cookie money diamond silver golden crystal purple orange yellow green blue red
black white pink banana apple cherry lemon strawberry chocolate vanilla coffee butterfly rainbow unicorn angel devil
heaven hell dream dreams magic secret hello welcome friend friends family lover loving happy smile sunny lucky
star stars moon galaxy universe planet ocean beach island paradise summer2 mountain river forest tiger lion eagle
falcon wolf bear shark dolphin horse pony kitty kitten puppy doggy dog cat bird fish turtle panda monkey1 dragonfly
football baseball basketball soccer1 hockey tennis golf volleyball softball rugby cricket boxing wrestling racing
skater surfer hiker runner gamer player winner champion legend hero superstar rockstar pornstar king queen prince
princesa boss chief captain soldier ninja samurai warrior knight wizard pirate cowboy outlaw ranger hunter2 sniper
computer internet laptop iphone android samsung nokia pokemon mario zelda sonic tetris matrix system server network
america usa canada mexico london paris berlin madrid rome tokyo newyork chicago boston dallas houston miami texas
california florida vegas hollywood january february march april may june july august september october november
december monday tuesday wednesday thursday friday saturday sunday christmas halloween easter birthday holiday
weekend vacation music guitar piano drums rocknroll hiphop dance party college school teacher student doctor
nurse police fireman love lovelove loveme iloveyou ilovemyself mylove truelove sweetlove forever always together
jesus christ blessed blessing faith hope grace trinity church bible lord savior amen mustang corvette camaro
ferrari porsche mercedes bmw honda toyota harley yamaha chevy ford jeep dodge nissan yankees redsox lakers bulls
cowboys steelers packers patriots eagles giants raiders dolphins arsenal chelsea liverpool manchester barcelona
realmadrid juventus juve milan bayern celtic rangers1 qwerty letmein trustno password passwd secret12`;

const walks = `qwertyuiop asdfghjkl zxcvbnm qwertyuiopasdfghjkl poiuytrewq lkjhgfdsa mnbvcxz 1qaz2wsx3edc 1qaz2wsx3edc4rfv
qazwsxedcrfv qazwsxedcrfvtgb zaq1xsw2cde3 1q2w3e4r5t6y7u8i9o0p q1w2e3r4t5y6 q1w2e3r4t5y6u7i8o9p0 qwe123qwe
qweqweqwe asdasdasd zxczxczxc qwertyqwerty asdfasdfasdf 1234qwerasdf qwertyasdfgh asdfghjkl123 !qaz2wsx !qaz@wsx
1qaz!qaz qaz123wsx 123qweasdzxc zxcasdqwe 147258369 159357 963852741 741852963 1470258369 789456123 456789123
147852369 258456 123654789 987456321 1593572468 qweasdzxc123 azerty azertyuiop wxcvbn qwertz qwertzuiop`;

const list = new Set();
const add = (value) => {
  const v = value.trim().toLowerCase();
  if (v) list.add(v);
};
for (const block of [ranked, names, words, walks]) for (const item of block.split(/\s+/)) add(item);

// Digit runs: up and down the keypad, repeated digits and repeated short groups.
const digits = '01234567890';
for (let length = 4; length <= 10; length++) {
  for (let start = 0; start + length <= digits.length; start++) {
    const run = digits.slice(start, start + length);
    add(run);
    add([...run].reverse().join(''));
  }
}
for (let d = 0; d <= 9; d++) for (let length = 4; length <= 16; length++) add(String(d).repeat(length));
for (const group of [
  '12',
  '123',
  '1234',
  '12345',
  '21',
  '69',
  '007',
  '111',
  '1122',
  '2580',
  'abc',
  'ab',
  'xo',
]) {
  for (let times = 2; group.length * times <= 16; times++) add(group.repeat(times));
}
for (const letter of 'abcdefghijklmnopqrstuvwxyz')
  for (let length = 4; length <= 16; length++) add(letter.repeat(length));
// The alphabet from its start, and well-known pairs of a word and a run.
for (let length = 4; length <= 26; length++) add('abcdefghijklmnopqrstuvwxyz'.slice(0, length));
for (const word of [
  'password',
  'qwerty',
  'iloveyou',
  'welcome',
  'admin',
  'letmein',
  'monkey',
  'dragon',
  'abc',
]) {
  for (const run of [
    '123',
    '1234',
    '12345',
    '123456',
    '1234567890',
    '!',
    '!!',
    '1!',
    '123!',
    '@123',
    '2024',
    '2025',
    '2026',
  ]) {
    add(`${word}${run}`);
  }
  add(`${word}${word}`);
}

const lines = [...list].sort();
const header = [
  '# The passwords people pick first, lowercase, one a line (generated by scripts/generate-common-passwords.mjs).',
  '# Sign-up, password reset and password change refuse any of these, also with digits and symbols added at the end.',
];
mkdirSync('src/server/data', { recursive: true });
writeFileSync('src/server/data/common-passwords.txt', `${[...header, ...lines].join('\n')}\n`);
console.log(`${lines.length} common passwords written`);
