#!/usr/bin/env python3
"""Writes labelled send-message requests with varied content, for checking that every word arrives.

Each language has its own list of message texts (dates, times, amounts, names, app names, questions,
emoji, punctuation, accents, very short and long messages) and its own request shapes, all written for
Parlance. The shapes are deliberately not the phrasing templates the models are trained from.

Two sets per language, with disjoint message texts:
  Evaluation/<language>/messages-dev.jsonl      may be looked at while fixing things;
  Evaluation/<language>/messages-heldout.jsonl  is only ever measured.
With --benchmark N, writes N requests per language (every text and shape, combined with a fixed seed)
to .build/messages/<language>.jsonl instead: the benchmark of docs/understanding.md.

Usage: Scripts/message_sets.py [--check] | --benchmark N
"""
import argparse
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = "net.sample.parley"
APP_NAME = "Parley"
# Contacts the held-out vocabulary knows, and names it does not.
KNOWN = ["Anouk", "Ingrid", "Bartholomew Quince", "Dr. Okafor"]

LANGUAGES = {
    "en": {
        "names": KNOWN + ["Sara", "Tom", "Mei", "Jonas"],
        "texts": [
            "can we reschedule lunch to tomorrow at noon", "where are you?", "how are you", "thank you",
            "thanks for dinner", "happy birthday", "🍌🐒👍🏽 ok", "love you ❤️", "🎉", "ok", "yes",
            "the meeting moved to Friday at 3pm", "I owe you $20 for the tickets", "see you at 7:30",
            "bring the keys", "I sent the photos on WhatsApp", "call me when you land", "café at 5?",
            "wait — what?!", "running 10 minutes late, sorry", "did you feed the cat", "tell Kiki I said hi",
            "saying goodbye is hard", "I think that we should leave at 6", "the code is 4512#",
            "meet me at Union Square on Saturday", "are you coming tonight?", "good night 😴",
            "pick up milk, eggs and bread", "it's raining, take an umbrella", "my flight lands at 18:45",
            "lunch is on me today", "naïve question: why?", "what time does the game start",
            "don't forget the charger", "I'll be there in 5", "Ich komme später", "on my way!!!",
            "the dentist said next Tuesday", "can you send me the address", "we won 3-1!",
            "happy new year 2027 🎆", "remember to water the plants", "the cake is in the fridge",
            "sorry I missed your call", "how much was the taxi?", "let's meet halfway",
            "the bus is late again", "merci beaucoup", "see you soon :)",
        ],
        "shapes": [
            "text {r} {c}", "send {r} a message saying {c}", "tell {r} {c}", "message {r}: {c}",
            "send a text to {r} that says {c}", "{app} {r} {c}", "tell {r} on {app} {c}",
            "let {r} know {c}", "write to {r} {c}", "send a message to {r} on {app} saying {c}",
            "can you text {r} {c}", "please send {r} a message that says {c}", "ask {r} {c}",
            "text {r} using {app}: {c}", "send {r} a text saying \"{c}\"",
        ],
    },
    "fr": {
        "names": KNOWN + ["Nadia", "Omar", "Léa", "Hugo"],
        "texts": [
            "on peut déplacer le déjeuner à demain midi", "où es-tu ?", "comment ça va", "merci beaucoup",
            "joyeux anniversaire", "🍌🐒👍🏽 d'accord", "je t'aime ❤️", "🎉", "oui", "ok",
            "la réunion est vendredi à 15h", "je te dois 20 euros pour les billets", "à ce soir 19h30",
            "apporte les clés", "je suis en retard de 10 minutes, désolé", "tu as nourri le chat ?",
            "s'il vous plaît envoyer plus de bananes", "le code est 4512", "bonne nuit 😴",
            "achète du lait, des œufs et du pain", "il pleut, prends un parapluie", "mon vol atterrit à 18h45",
            "c'est moi qui invite", "à quelle heure commence le match", "n'oublie pas le chargeur",
            "j'arrive dans 5 minutes", "on a gagné 3-1 !", "bonne année 2027 🎆", "le gâteau est au frigo",
            "désolé d'avoir raté ton appel",
        ],
        "shapes": [
            "envoie un message à {r} pour lui dire {c}", "dis à {r} {c}", "écris à {r} : {c}",
            "{app} {r} {c}", "envoie à {r} sur {app} le message {c}", "préviens {r} que {c}",
            "envoie un texto à {r} disant {c}", "peux-tu écrire à {r} {c}",
        ],
    },
    "de": {
        "names": KNOWN + ["Lena", "Jonas", "Mia", "Felix"],
        "texts": [
            "können wir das Mittagessen auf morgen Mittag verschieben", "wo bist du?", "wie geht's dir",
            "danke schön", "alles Gute zum Geburtstag", "🍌🐒👍🏽 ok", "hab dich lieb ❤️", "🎉", "ja", "ok",
            "das Treffen ist am Freitag um 15 Uhr", "ich schulde dir 20 Euro für die Karten",
            "bis heute Abend um 19:30", "bring die Schlüssel mit", "ich komme 10 Minuten später, sorry",
            "hast du die Katze gefüttert?", "der Code ist 4512", "gute Nacht 😴",
            "kauf Milch, Eier und Brot", "es regnet, nimm einen Schirm mit", "mein Flug landet um 18:45",
            "das Essen geht auf mich", "wann beginnt das Spiel", "vergiss das Ladegerät nicht",
            "bin in 5 Minuten da", "wir haben 3:1 gewonnen!", "frohes neues Jahr 2027 🎆",
            "der Kuchen ist im Kühlschrank", "tut mir leid, dass ich deinen Anruf verpasst habe", "grüß Kiki von mir",
        ],
        "shapes": [
            "schick {r} eine Nachricht: {c}", "sag {r} {c}", "schreib {r} {c}", "{app} {r} {c}",
            "schreib {r} auf {app}: {c}", "schick {r} eine Nachricht mit dem Text {c}",
            "teile {r} mit, dass {c}", "kannst du {r} schreiben {c}",
        ],
    },
    "it": {
        "names": KNOWN + ["Giulia", "Marco", "Sofia", "Luca"],
        "texts": [
            "possiamo spostare il pranzo a domani a mezzogiorno", "dove sei?", "come stai", "grazie mille",
            "buon compleanno", "🍌🐒👍🏽 ok", "ti voglio bene ❤️", "🎉", "sì", "ok",
            "la riunione è venerdì alle 15", "ti devo 20 euro per i biglietti", "a stasera alle 19:30",
            "porta le chiavi", "sono in ritardo di 10 minuti, scusa", "hai dato da mangiare al gatto?",
            "il codice è 4512", "buonanotte 😴", "compra latte, uova e pane", "piove, prendi l'ombrello",
            "il mio volo atterra alle 18:45", "offro io", "a che ora inizia la partita",
            "non dimenticare il caricabatterie", "arrivo tra 5 minuti", "abbiamo vinto 3 a 1!",
            "buon anno 2027 🎆", "la torta è in frigo", "scusa se ho perso la tua chiamata", "salutami Kiki",
        ],
        "shapes": [
            "manda un messaggio a {r} per dirgli {c}", "di' a {r} {c}", "scrivi a {r}: {c}",
            "{app} {r} {c}", "scrivi a {r} su {app} {c}", "manda a {r} il messaggio {c}",
            "avvisa {r} che {c}", "puoi scrivere a {r} {c}",
        ],
    },
    "ja": {
        "names": ["Anouk", "Ingrid", "田中さん", "鈴木さん", "Sara", "Tom", "佐藤さん", "山田さん"],
        "texts": [
            "明日のランチを正午に変更できる？", "今どこ？", "元気？", "ありがとう", "誕生日おめでとう",
            "🍌🐒👍🏽 OK", "大好き❤️", "🎉", "はい", "了解", "会議は金曜日の15時です",
            "チケット代の2000円を返すね", "今夜7時半に会おう", "鍵を持ってきて", "10分遅れます、ごめん",
            "猫にごはんあげた？", "暗証番号は4512", "おやすみ😴", "牛乳と卵とパンを買ってきて",
            "雨だから傘を持っていってね", "飛行機は18時45分に着きます", "今日は私がおごるよ",
            "試合は何時から？", "充電器を忘れないで", "5分で着く", "3対1で勝った！",
            "あけましておめでとう2027🎆", "ケーキは冷蔵庫にあるよ", "電話に出られなくてごめん", "Kikiによろしく",
        ],
        "shapes": [
            "{r}に「{c}」と送って", "{r}に{c}ってメッセージして", "{app}で{r}に{c}と送って",
            "{r}に{c}と伝えて", "{r}にメッセージ「{c}」を送って", "{app}で{r}に「{c}」って送信して",
            "{r}へ{c}と送信して", "{r}に「{c}」とメッセージを送ってください",
        ],
    },
    "zh": {
        "names": ["Anouk", "Ingrid", "小王", "李明", "Sara", "Tom", "张伟", "王芳"],
        "texts": [
            "明天中午的午饭能改时间吗", "你在哪？", "你好吗", "谢谢", "生日快乐", "🍌🐒👍🏽 好的", "爱你❤️", "🎉",
            "好", "收到", "会议改到周五下午3点", "票钱我欠你20块", "今晚7点半见", "把钥匙带来",
            "我会晚到10分钟，抱歉", "你喂猫了吗？", "密码是4512", "晚安😴", "买牛奶、鸡蛋和面包",
            "下雨了，带把伞", "我的航班18点45分落地", "今天我请客", "比赛几点开始？", "别忘了带充电器",
            "我5分钟后到", "我们3比1赢了！", "2027新年快乐🎆", "蛋糕在冰箱里", "抱歉没接到你的电话", "替我向Kiki问好",
        ],
        "shapes": [
            "给{r}发消息说{c}", "告诉{r}{c}", "用{app}给{r}发{c}", "跟{r}说{c}",
            "给{r}发一条消息：{c}", "用{app}告诉{r}：{c}", "发短信给{r}说{c}", "帮我给{r}发“{c}”",
        ],
    },
}


# Words that, right before a message, say that the message begins ("send Sara a message saying hi"): a text
# that begins with one of them, placed where no connector comes before it ("tell Sara saying goodbye is
# hard"), reads as connector and message ("goodbye is hard"), so such pairs are not written.
CONNECTORS = {"en": ("saying", "that", "says"), "fr": ("que", "disant"), "de": ("dass",), "it": ("che", "dicendo")}


def ambiguous(language, shape, text):
    """Whether the text's first word would read as the connector in this shape."""
    first = text.split(" ", 1)[0].lower()
    if first not in CONNECTORS.get(language, ()):
        return False
    before = shape.split("{c}", 1)[0].rstrip()
    marked = before.endswith((":", "\"", "«", "„")) or before.split(" ")[-1].lower() in CONNECTORS[language]
    return not marked


def request(language, shape, name, text):
    spoken = shape.replace("{app}", APP_NAME).replace("{r}", name).replace("{c}", text)
    return {"text": spoken, "language": language, "app": APP, "intent": "INSendMessageIntent",
            "parameters": {"content": text, "recipients": [{"displayName": name}]}}


def split(language):
    data = LANGUAGES[language]
    texts = data["texts"]
    # Every third text is held out; the shapes and names are shared, the messages never are.
    held = [t for i, t in enumerate(texts) if i % 3 == 2]
    dev = [t for i, t in enumerate(texts) if i % 3 != 2]
    result = {}
    for name, pool in (("dev", dev), ("heldout", held)):
        rng = random.Random(f"{language}-{name}")
        rows = []
        for index, text in enumerate(pool):
            for shape_index, shape in enumerate(data["shapes"]):
                if (index + shape_index) % 2 and name == "dev" and language == "en":
                    continue
                name_said = rng.choice(data["names"])  # drawn first, so that a pair left out moves no other row
                if not ambiguous(language, shape, text):
                    rows.append(request(language, shape, name_said, text))
        result[name] = rows
    return result


def benchmark(language, count):
    data = LANGUAGES[language]
    rng = random.Random(f"benchmark-{language}")
    rows = []
    while len(rows) < count:
        shape, name, text = rng.choice(data["shapes"]), rng.choice(data["names"]), rng.choice(data["texts"])
        if not ambiguous(language, shape, text):
            rows.append(request(language, shape, name, text))
    return rows


def lines(rows):
    return "".join(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n" for row in rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="fail when the committed sets are not current")
    parser.add_argument("--benchmark", type=int, help="write N generated requests per language to .build/messages")
    args = parser.parse_args()
    stale = []
    for language in LANGUAGES:
        if args.benchmark:
            folder = os.path.join(ROOT, ".build", "messages")
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, f"{language}.jsonl"), "w", encoding="utf-8") as handle:
                handle.write(lines(benchmark(language, args.benchmark)))
            continue
        for name, rows in split(language).items():
            path = os.path.join(ROOT, "Evaluation", language, f"messages-{name}.jsonl")
            text = lines(rows)
            current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
            if current != text:
                if args.check:
                    stale.append(path)
                else:
                    with open(path, "w", encoding="utf-8") as handle:
                        handle.write(text)
    if stale:
        sys.exit("stale (run Scripts/message_sets.py): " + ", ".join(stale))


if __name__ == "__main__":
    main()
